import type { Producer } from '../../schemas/producer';
import { rootReducer } from '../../store/rootReducer';
import {
  followFailed,
  followPending,
  followSucceeded,
  producerPageLoaded,
  selectFollowPending,
  selectProducer,
  selectProducerTracks,
} from './producerSlice';

const aProducer = (changes: Partial<Producer> = {}, followers = 3): Producer => ({
  id: 1,
  artistName: 'Nova Kade',
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  avatar: null,
  avatarSrc: null,
  counters: { numberoffollowers: { sum: followers }, numberoftracks: { sum: 0 } },
  alreadyFollowed: false,
  ...changes,
});

const fold = (...actions: Parameters<typeof rootReducer>[1][]) => actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));

describe('producer slice', () => {
  test('starts empty', () => {
    const state = fold();
    expect(selectProducer(state)).toBeNull();
    expect(selectProducerTracks(state)).toEqual([]);
    expect(selectFollowPending(state)).toBe(false);
  });

  test('a loaded page holds the producer and their tracks', () => {
    const state = fold(producerPageLoaded({ producer: aProducer(), tracks: [], offers: [] }));
    expect(selectProducer(state)?.artistName).toBe('Nova Kade');
  });

  test("a follow's answer replaces the producer: count and alreadyFollowed", () => {
    const state = fold(
      producerPageLoaded({ producer: aProducer(), tracks: [], offers: [] }),
      followPending(),
      followSucceeded(aProducer({ alreadyFollowed: true }, 4)),
    );
    expect(selectProducer(state)).toEqual(aProducer({ alreadyFollowed: true }, 4));
    expect(selectFollowPending(state)).toBe(false);
  });

  test('a failure changes nothing but ends the pending call', () => {
    const state = fold(producerPageLoaded({ producer: aProducer(), tracks: [], offers: [] }), followPending(), followFailed());
    expect(selectProducer(state)).toEqual(aProducer());
    expect(selectFollowPending(state)).toBe(false);
  });

  test("an answer for a producer no longer shown is dropped", () => {
    const state = fold(
      producerPageLoaded({ producer: aProducer({ id: 2, producerUrl: 'lowtide', artistName: 'Lowtide' }), tracks: [], offers: [] }),
      followSucceeded(aProducer({ alreadyFollowed: true }, 4)),
    );
    expect(selectProducer(state)?.id).toBe(2);
  });
});
