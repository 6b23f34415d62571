import type { BeatDetails } from '../../shared/schemas/studio';

/** A beat as a producer describes it in the studio. */
export const BEAT_DETAILS: BeatDetails = {
  name: 'Midnight Ferry',
  genreIds: [1],
  moodIds: [2],
  tags: ['dark', 'piano'],
  bpm: 140,
  key: 'C',
  scale: 'minor',
  vocalType: 'novocal',
  samplesType: 'royaltyfreesamples',
  priceCents: 29_900,
  stemsPriceCents: null,
  previewStartSeconds: 0,
};
