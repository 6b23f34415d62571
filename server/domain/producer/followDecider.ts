import { type Decider, DomainError } from '../decider';
import type { FollowEvent } from './producerEvents';
import { followEventCodec } from './producerEventCodecs';

/** The producers one user follows. */
export type FollowState = ReadonlySet<number>;

export type FollowCommand =
  /** `followerProducerId`: the producer profile the follower sells as, if any. */
  | { type: 'FollowProducer'; userId: number; producerId: number; followerProducerId: number | null }
  | { type: 'UnfollowProducer'; userId: number; producerId: number };

export const SELF_FOLLOW = 'You cannot follow yourself';

/**
 * Following twice, or unfollowing someone not followed, changes nothing: both calls are idempotent.
 * A producer does not follow their own profile (it would count them among their followers).
 */
export const followDecider: Decider<FollowState, FollowCommand, FollowEvent> = {
  initialState: () => new Set(),
  codec: followEventCodec,
  decide(command, followed) {
    const data = { userId: command.userId, producerId: command.producerId };
    switch (command.type) {
      case 'FollowProducer':
        if (command.producerId === command.followerProducerId) throw new DomainError(SELF_FOLLOW, 403);
        return followed.has(command.producerId) ? [] : [{ type: 'ProducerFollowed', data }];
      case 'UnfollowProducer':
        return followed.has(command.producerId) ? [{ type: 'ProducerUnfollowed', data }] : [];
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(followed, event) {
    const next = new Set(followed);
    switch (event.type) {
      case 'ProducerFollowed':
        next.add(event.data.producerId);
        return next;
      case 'ProducerUnfollowed':
        next.delete(event.data.producerId);
        return next;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
