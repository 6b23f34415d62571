import { isEphemeral } from '../../actionLog/recorder';
import { aTrack } from '../../../test/helpers/fixtures';
import { stepThroughQueue } from './playerQueue';
import playerSlice, {
  nextRequested,
  pauseRequested,
  playerClosed,
  playRequested,
  previousRequested,
  seekRequested,
  timeUpdated,
  titleOverflowMeasured,
  titleScrollFlipped,
  toPlayerTrack,
  trackLoaded,
  trackPlayRequested,
  volumeChanged,
} from './playerSlice';

const track = (id: number, changes: Parameters<typeof aTrack>[0] = {}) =>
  toPlayerTrack(aTrack({ id, previewTrackSrc: `/media/${id}.mp3`, ...changes }));
const reduce = playerSlice.reducer;

describe('player slice', () => {
  test('starts as SPEC §3 says: volume 1, nothing loaded', () => {
    expect(reduce(undefined, { type: 'init' })).toMatchObject({ volume: 1, isPlaying: false, isLoading: false, queue: [], currentTrackId: null });
  });

  test('a play request loads the track with its list as the queue; the list figure stands in for the duration', () => {
    const queue = [track(1, { previewTrackDuration: 95 }), track(2)];
    const state = reduce(undefined, trackPlayRequested({ track: queue[0]!, queue }));
    expect(state).toMatchObject({ currentTrackId: 1, isLoading: true, isPlaying: true, duration: 95, currentTimeText: '0:00' });
    expect(state.queue.map((item) => item.id)).toEqual([1, 2]);
    expect(reduce(state, trackLoaded({ trackId: 1, duration: 96.5 }))).toMatchObject({ isLoading: false, duration: 96.5 });
  });

  test('a very long list is kept as a window of 200 around the started track', () => {
    const list = Array.from({ length: 500 }, (_, index) => track(index + 1));
    const queue = reduce(undefined, trackPlayRequested({ track: list[300]!, queue: list })).queue;
    expect(queue).toHaveLength(200);
    expect(queue[0]!.id).toBe(201);
    expect(reduce(undefined, trackPlayRequested({ track: list[5]!, queue: list })).queue[0]!.id).toBe(1);
    expect(reduce(undefined, trackPlayRequested({ track: list[499]!, queue: list })).queue.at(-1)!.id).toBe(500);
    // A track played from outside its list plays alone.
    expect(reduce(undefined, trackPlayRequested({ track: track(999), queue: list })).queue.map((item) => item.id)).toEqual([999]);
  });

  test('ticks move the time and its text; a seek is a fraction of the duration', () => {
    let state = reduce(undefined, trackPlayRequested({ track: track(1), queue: [track(1)] }));
    state = reduce(state, trackLoaded({ trackId: 1, duration: 100 }));
    state = reduce(state, timeUpdated(61.9));
    expect(state).toMatchObject({ currentTime: 61.9, currentTimeText: '1:01', seek: 0.619 });
    state = reduce(state, seekRequested(0.25));
    expect(state).toMatchObject({ seek: 0.25, currentTime: 25, currentTimeText: '0:25' });
  });

  test('the volume stays within 0..1', () => {
    expect(reduce(undefined, volumeChanged(1.7)).volume).toBe(1);
    expect(reduce(undefined, volumeChanged(-1)).volume).toBe(0);
    expect(reduce(undefined, volumeChanged(Number.NaN)).volume).toBe(0);
  });

  test('closing forgets the track and the queue', () => {
    const state = reduce(reduce(undefined, trackPlayRequested({ track: track(1), queue: [track(1)] })), playerClosed());
    expect(state).toMatchObject({ currentTrackId: null, queue: [], isPlaying: false });
  });

  test('time ticks and layout are kept out of the action log; what the listener does is recorded', () => {
    expect(isEphemeral(timeUpdated(3))).toBe(true);
    expect(isEphemeral(titleOverflowMeasured(true))).toBe(true);
    expect(isEphemeral(titleScrollFlipped())).toBe(true);
    for (const action of [playRequested(), pauseRequested(), nextRequested(), previousRequested(), seekRequested(0.5), volumeChanged(0.4)]) {
      expect(isEphemeral(action)).toBe(false);
    }
  });

});

describe('stepThroughQueue', () => {
  const queue = [track(1), track(2, { isSold: true }), track(3, { previewTrackSrc: null }), track(4), track(5)];
  const step = (from: number | null, direction: 1 | -1) => stepThroughQueue(queue, from, direction)?.id ?? null;

  test('skips sold tracks and tracks without a preview, both ways', () => {
    expect(step(1, 1)).toBe(4);
    expect(step(4, -1)).toBe(1);
    expect(step(4, 1)).toBe(5);
  });

  test('finds nothing past either end', () => {
    expect(step(5, 1)).toBeNull();
    expect(step(1, -1)).toBeNull();
  });
});
