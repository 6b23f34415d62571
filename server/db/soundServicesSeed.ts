/**
 * The sound services on offer when the `sound_services` table is created (migration
 * 0006_pages_forms inserts these rows). A later change of price or offer is a new migration, so
 * that every database tells the same history.
 */
export const SOUND_SERVICES = [
  {
    id: 1,
    slug: 'mixing',
    name: 'Mixing',
    description:
      'Your multitrack stems balanced, equalised, compressed and placed in space, so the vocal sits on the beat and the low end translates from earbuds to club speakers. Two rounds of revisions included.',
    price_cents: 14_900,
    delivery_days: 5,
    position: 1,
  },
  {
    id: 2,
    slug: 'mastering',
    name: 'Mastering',
    description:
      'Final loudness, tonal balance and stereo image for a finished mix, delivered as a streaming-ready WAV and an MP3, with one revision.',
    price_cents: 5_900,
    delivery_days: 3,
    position: 2,
  },
  {
    id: 3,
    slug: 'mixing-and-mastering',
    name: 'Mixing and mastering',
    description: 'Both stages by the same engineer, so decisions made in the mix carry through to the master. Two rounds of revisions included.',
    price_cents: 18_900,
    delivery_days: 7,
    position: 3,
  },
  {
    id: 4,
    slug: 'custom-beat',
    name: 'Custom beat',
    description:
      'A beat produced from scratch to your brief: references, tempo, key and mood. Exclusive rights, the full copyright and the track-out stems are yours on delivery.',
    price_cents: 29_900,
    delivery_days: 10,
    position: 4,
  },
  {
    id: 5,
    slug: 'vocal-tuning',
    name: 'Vocal tuning',
    description: 'Natural pitch and timing correction of a lead vocal, note by note, or a deliberate hard-tune effect if that is the sound you want.',
    price_cents: 7_900,
    delivery_days: 3,
    position: 5,
  },
  {
    id: 6,
    slug: 'vocal-editing',
    name: 'Vocal editing and clean-up',
    description: 'Breaths, clicks, room noise and plosives removed, takes comped into one performance and doubles aligned, ready for mixing.',
    price_cents: 4_900,
    delivery_days: 2,
    position: 6,
  },
  {
    id: 7,
    slug: 'arrangement',
    name: 'Song arrangement',
    description: 'A loop or a demo turned into a full song structure, with intro, verses, hooks, a bridge and transitions that keep the listener in.',
    price_cents: 19_900,
    delivery_days: 7,
    position: 7,
  },
] as const;
