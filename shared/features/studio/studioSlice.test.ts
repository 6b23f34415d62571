import { isEphemeral } from '../../actionLog/recorder';
import type { BeatDetails, StudioBeat } from '../../schemas/studio';
import { BEAT_DETAILS } from '../../../test/helpers/beatDetails';
import { loggedOut } from '../auth/authSlice';
import studioSlice, {
  beatEditOpened,
  beatRemoved,
  beatUploadCancelled,
  beatUploaded,
  beatUploadFailed,
  beatUploadProgressed,
  beatUploadRequested,
  studioBeatsLoaded,
  uploadFormOpened,
  verificationFormSent,
  verificationLoaded,
} from './studioSlice';

const reduce = studioSlice.reducer;
const DETAILS: BeatDetails = {
  name: 'Night Drive',
  genreIds: [1],
  moodIds: [],
  tags: [],
  bpm: 140,
  key: null,
  scale: null,
  vocalType: 'novocal',
  samplesType: 'royaltyfreesamples',
  priceCents: 24_900,
  stemsPriceCents: null,
  previewStartSeconds: 0,
};
const BEAT: StudioBeat = {
  productId: 7,
  name: 'Night Drive',
  status: 'listed',
  message: null,
  priceCents: 24_900,
  durationSeconds: 151,
  coverImageSrc: null,
  submittedAt: '2026-11-20T09:30:00.000Z',
  details: { ...BEAT_DETAILS, name: 'Night Drive', priceCents: 24_900 },
  hasStems: false,
};

describe('studio slice', () => {
  test('an upload goes from requested through progress to uploaded, which closes the form', () => {
    let state = reduce(undefined, uploadFormOpened());
    state = reduce(state, beatUploadRequested('u1', DETAILS));
    expect(state.upload).toEqual({ uploadId: 'u1', name: 'Night Drive', status: 'uploading', percent: 0, message: null, errors: {} });
    state = reduce(state, beatUploadProgressed({ uploadId: 'u1', percent: 42 }));
    expect(state.upload?.percent).toBe(42);
    state = reduce(state, beatUploaded({ uploadId: 'u1', productId: 7 }));
    expect([state.upload, state.uploadFormOpen]).toEqual([null, false]);
  });

  test('news of an upload that is no longer shown changes nothing', () => {
    let state = reduce(reduce(undefined, uploadFormOpened()), beatUploadRequested('u2', DETAILS));
    const before = state;
    for (const action of [beatUploadProgressed({ uploadId: 'u1', percent: 90 }), beatUploadFailed({ uploadId: 'u1', message: 'no', errors: {} }), beatUploaded({ uploadId: 'u1', productId: 1 })]) {
      state = reduce(state, action);
    }
    expect(state).toBe(before);
    expect(reduce(state, beatUploadCancelled({ uploadId: 'u2' })).upload).toBeNull();
  });

  test('a removed beat leaves the list and closes its form', () => {
    let state = reduce(undefined, studioBeatsLoaded({ verified: true, verification: 'verified', beats: [BEAT] }));
    state = reduce(state, beatEditOpened(7));
    state = reduce(state, beatRemoved(7));
    expect([state.beats?.beats, state.editing]).toEqual([[], null]);
  });

  test('only the public part of a verification is kept, and a logout forgets the studio', () => {
    const state = reduce(undefined, verificationLoaded({ status: 'pending', artistName: 'Mara Vale', shortName: 'maravale', country: 'DE', reason: null, producerId: null }));
    expect(state.verification).toEqual({ status: 'pending', artistName: 'Mara Vale', shortName: 'maravale', reason: null });
    expect(reduce(state, loggedOut())).toEqual(reduce(undefined, { type: 'init' }));
  });

  test('the verification form’s details travel in an action the log skips and the state ignores', () => {
    const action = verificationFormSent({ artistName: 'A', shortName: 'abc', legalName: 'Secret Name', dateOfBirth: '1990-01-01', address: 'Somewhere 1', country: 'Germany' });
    expect(isEphemeral(action)).toBe(true);
    const state = reduce(undefined, { type: 'init' });
    expect(reduce(state, action)).toBe(state);
  });
});
