import type { PendingTrack, ReportedTrack } from '../../schemas/moderation';
import type { PendingProducerShown } from '../../schemas/verification';
import { loggedOut } from '../auth/authSlice';
import moderationSlice, {
  decisionFailed,
  decisionMade,
  decisionRequested,
  pendingProducersLoaded,
  pendingTracksLoaded,
  reportedTracksLoaded,
  selectIsDeciding,
  selectModerationStatus,
  selectPendingProducers,
  selectPendingTracks,
  type ModerationState,
} from './moderationSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(moderationSlice.reducer);
const root = (moderation: ModerationState) => ({ moderation });

const producer = (userId: number, artistName: string): PendingProducerShown => ({
  userId,
  artistName,
  shortName: artistName.toLowerCase().replace(/ /g, '-'),
  country: 'Germany',
  legalName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  age: 35,
  submittedAt: '2026-11-01T10:00:00.000Z',
});
const track = (productId: number, name: string): PendingTrack => ({
  productId,
  name,
  producerId: 7,
  producerName: 'Nova Kade',
  producerShortName: 'nova-kade',
  genres: ['Trap'],
  moods: [],
  bpm: 140,
  key: 'F#',
  scale: 'minor',
  priceCents: 19_900,
  durationSeconds: 180,
  previewSrc: null,
  previewDurationSeconds: null,
  previewPeaks: [],
  coverImageSrc: null,
  submittedAt: '2026-11-01T10:00:00.000Z',
});
const report = (reportId: number, productName: string | null): ReportedTrack => ({
  reportId,
  productId: 42,
  productName,
  producerName: 'Nova Kade',
  listed: productName !== null,
  reason: 'copyright',
  details: 'This is my sample.',
  reportedAt: '2026-11-01T10:00:00.000Z',
});

describe('moderation slice', () => {
  test('a decision waits on its own row once, however often pressed; the same id in another queue is another row', () => {
    const state = reduce(undefined, decisionRequested({ queue: 'tracks', id: 5, verdict: 'approve' }), decisionRequested({ queue: 'tracks', id: 5, verdict: 'approve' }, 'again'));
    expect(state.deciding).toEqual([{ queue: 'tracks', id: 5 }]);
    expect(selectIsDeciding(root(state), 'tracks', 5)).toBe(true);
    expect(selectIsDeciding(root(state), 'producers', 5)).toBe(false);
  });

  test('a decision made takes its row out of its queue only and says what happened, by name', () => {
    const loaded = reduce(undefined, pendingProducersLoaded([producer(5, 'Nova Kade'), producer(6, 'Lowtide')]), pendingTracksLoaded([track(5, 'Night Drive')]));
    const approved = reduce(loaded, decisionRequested({ queue: 'producers', id: 5, verdict: 'approve' }), decisionMade({ queue: 'producers', id: 5, verdict: 'approve' }));
    expect(selectPendingProducers(root(approved))?.map((row) => row.userId)).toEqual([6]);
    expect(selectPendingTracks(root(approved))?.map((row) => row.productId)).toEqual([5]);
    expect(selectModerationStatus(root(approved))).toBe('Nova Kade is verified and can sell.');
    expect(selectIsDeciding(root(approved), 'producers', 5)).toBe(false);
    const rejected = reduce(approved, decisionMade({ queue: 'tracks', id: 5, verdict: 'reject' }));
    expect(selectModerationStatus(root(rejected))).toBe('“Night Drive” is rejected; the producer sees your reason.');
    expect(selectPendingTracks(root(rejected))).toEqual([]);
  });

  test('a report names its beat, or the beat’s id once it is no longer listed', () => {
    const loaded = reduce(undefined, reportedTracksLoaded([report(1, 'Night Drive'), report(2, null)]));
    expect(reduce(loaded, decisionMade({ queue: 'reports', id: 1, verdict: 'dismiss' })).status).toBe('The report on “Night Drive” is dismissed.');
    expect(reduce(loaded, decisionMade({ queue: 'reports', id: 2, verdict: 'uphold' })).status).toBe(
      'The report on beat 42 is upheld: the beat is delisted and its producer told.',
    );
  });

  test('a decision on a row no longer listed says nothing', () => {
    const state = reduce(undefined, pendingTracksLoaded([track(5, 'Night Drive')]), decisionMade({ queue: 'tracks', id: 5, verdict: 'approve' }), decisionMade({ queue: 'tracks', id: 5, verdict: 'approve' }));
    expect(state.status).toBeNull();
  });

  test('a failed decision keeps the row, to decide again', () => {
    const decision = { queue: 'tracks', id: 5, verdict: 'reject' } as const;
    const state = reduce(undefined, pendingTracksLoaded([track(5, 'Night Drive')]), decisionRequested(decision, 'Clipping'), decisionFailed(decision));
    expect(selectPendingTracks(root(state))?.map((row) => row.productId)).toEqual([5]);
    expect(selectIsDeciding(root(state), 'tracks', 5)).toBe(false);
  });

  test('loading a queue clears the last message; logout forgets the queues', () => {
    const decided = reduce(undefined, pendingTracksLoaded([track(5, 'Night Drive')]), decisionMade({ queue: 'tracks', id: 5, verdict: 'approve' }));
    expect(reduce(decided, reportedTracksLoaded([])).status).toBeNull();
    expect(reduce(decided, pendingProducersLoaded([producer(5, 'Nova Kade')]), decisionRequested({ queue: 'producers', id: 5, verdict: 'approve' }), loggedOut())).toEqual(
      moderationSlice.reducer(undefined, { type: 'init' }),
    );
  });
});
