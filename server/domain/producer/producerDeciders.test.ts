import { DEMO_PRODUCERS } from '../../seed/demoCatalogue';
import type { Decider } from '../decider';
import type { NewEvent } from '../../eventStore/eventStore';
import { followDecider } from './followDecider';
import { producerDecider } from './producerDecider';

const givenFor =
  <S, C, E extends NewEvent>(decider: Decider<S, C, E>) =>
  (events: E[]) => ({
    when: (command: C) => {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        then: (expected: E[]) => expect(decider.decide(command, state)).toEqual(expected),
        thenRefused: (message: RegExp) => expect(() => decider.decide(command, state)).toThrow(message),
      };
    },
  });

describe('producer profile decider', () => {
  const given = givenFor(producerDecider);
  const profile = DEMO_PRODUCERS[0]!;

  test('a profile is created once', () => {
    given([]).when({ type: 'CreateProducerProfile', profile }).then([{ type: 'ProducerProfileCreated', data: profile }]);
    given([{ type: 'ProducerProfileCreated', data: profile }]).when({ type: 'CreateProducerProfile', profile }).thenRefused(/already/);
  });

  test('the short name must work as a page address (SPEC §2 producer id)', () => {
    for (const shortName of ['ab', 'Upper', 'with space', '1234']) {
      given([]).when({ type: 'CreateProducerProfile', profile: { ...profile, shortName } }).thenRefused(/short name/);
    }
  });
});

describe('follow decider', () => {
  const given = givenFor(followDecider);
  const follow = { type: 'FollowProducer' as const, userId: 7, producerId: 3, followerProducerId: null };
  const unfollow = { type: 'UnfollowProducer' as const, userId: 7, producerId: 3 };
  const followed = { type: 'ProducerFollowed' as const, data: { userId: 7, producerId: 3 } };

  test('a user follows a producer once', () => {
    given([]).when(follow).then([followed]);
    given([followed]).when(follow).then([]);
    given([followed]).when({ ...follow, producerId: 4 }).then([{ type: 'ProducerFollowed', data: { userId: 7, producerId: 4 } }]);
  });

  test('unfollowing someone not followed changes nothing; following again after unfollowing works', () => {
    given([]).when(unfollow).then([]);
    given([followed]).when(unfollow).then([{ type: 'ProducerUnfollowed', data: { userId: 7, producerId: 3 } }]);
    given([followed, { type: 'ProducerUnfollowed', data: { userId: 7, producerId: 3 } }]).when(follow).then([followed]);
  });

  test('a producer does not follow their own profile; others they follow as anyone does', () => {
    given([]).when({ ...follow, followerProducerId: 3 }).thenRefused(/^You cannot follow yourself$/);
    given([]).when({ ...follow, followerProducerId: 5 }).then([followed]);
  });
});
