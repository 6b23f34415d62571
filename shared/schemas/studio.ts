import { boolean, define, enums, type Infer, integer, nullable, number, object, string } from 'superstruct';
import { BPM_RANGE, PRICE_RANGE_USD, TAGS } from '../domain/constants';
import { TAG_PATTERN } from '../domain/catalogue/beatsQuery';
import { KEYS, MOODS, SAMPLE_TYPES, SCALES, VOCAL_TYPES } from '../domain/catalogue/filterOptions';
import { GENRES } from '../domain/catalogue/genres';
import { requiredText } from './pages';

/**
 * What a producer states about a beat in the studio (issue 14): on upload, and when editing it
 * later. Each field says what is wrong in words a producer understands, the same on both sides.
 */
export const STUDIO_LIMITS = { name: 60, tags: 10, moods: 3, genres: { min: 1, max: 2 }, previewStartMaxSeconds: 600 } as const;

const MB = 1024 * 1024;

/**
 * What an upload may weigh (issue 14: a master up to 300 MB; stems of a whole beat as WAVs run
 * larger, so their zip may be 500 MB), and how many of a producer's uploads may wait for processing
 * at once, so one account cannot fill the queue.
 */
export const UPLOAD_LIMITS = { masterBytes: 300 * MB, stemsBytes: 500 * MB, coverBytes: 20 * MB, waitingPerProducer: 3 } as const;

/** What the upload says when the master is missing, on the page and from the server alike. */
export const MASTER_REQUIRED = 'Choose the master file (WAV, AIFF, FLAC or MP3)';

const GENRE_IDS = new Set<number>(GENRES.filter((genre) => genre.id !== 0).map((genre) => genre.id));
const MOOD_IDS = new Set<number>(MOODS.map((mood) => mood.id));

const distinctIds = (label: string, known: Set<number>, min: number, max: number) =>
  define<number[]>(label, (value) => {
    if (!Array.isArray(value)) return `Choose ${label}`;
    if (value.length < min) return `Choose at least ${min} of the ${label}`;
    if (value.length > max) return `Choose at most ${max} ${label}`;
    if (!value.every((id) => Number.isInteger(id) && known.has(id as number))) return `Choose ${label} from the list`;
    return new Set(value).size === value.length || `Choose each of the ${label} once`;
  });

const tags = define<string[]>('tags', (value) => {
  if (!Array.isArray(value)) return 'Tags must be a list';
  if (value.length > STUDIO_LIMITS.tags) return `Use at most ${STUDIO_LIMITS.tags} tags`;
  for (const tag of value) {
    if (typeof tag !== 'string' || tag.trim() === '') return 'A tag cannot be empty';
    if (tag.trim().length > TAGS.maxLength) return `A tag is limited to ${TAGS.maxLength} characters`;
    if (!TAG_PATTERN.test(tag.trim())) return 'Tags may hold letters, digits, spaces, apostrophes and &';
  }
  return true;
});

const bpm = define<number>('bpm', (value) =>
  (Number.isInteger(value) && (value as number) >= BPM_RANGE.min && (value as number) <= BPM_RANGE.max) || `BPM must be a whole number from ${BPM_RANGE.min} to ${BPM_RANGE.max}`,
);

const priceCents = define<number>('priceCents', (value) =>
  (Number.isInteger(value) && (value as number) >= PRICE_RANGE_USD.min * 100 && (value as number) <= PRICE_RANGE_USD.max * 100) ||
  `The price must be from $${PRICE_RANGE_USD.min} to $${PRICE_RANGE_USD.max}`,
);

const stemsPriceCents = define<number | null>('stemsPriceCents', (value) =>
  value === null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= PRICE_RANGE_USD.max * 100) || `The stems' price must be from $0 to $${PRICE_RANGE_USD.max}`,
);

const previewStart = define<number>('previewStartSeconds', (value) =>
  (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= STUDIO_LIMITS.previewStartMaxSeconds) ||
  `The preview must start between 0 and ${STUDIO_LIMITS.previewStartMaxSeconds} seconds`,
);

const values = <Value extends string>(options: readonly { value: Value }[]) => options.map((option) => option.value);

export const BeatDetailsSchema = object({
  name: requiredText('Name', 1, STUDIO_LIMITS.name),
  genreIds: distinctIds('genres', GENRE_IDS, STUDIO_LIMITS.genres.min, STUDIO_LIMITS.genres.max),
  moodIds: distinctIds('moods', MOOD_IDS, 0, STUDIO_LIMITS.moods),
  tags,
  bpm,
  key: nullable(enums(KEYS)),
  scale: nullable(enums(SCALES)),
  vocalType: enums(values(VOCAL_TYPES)),
  samplesType: enums(values(SAMPLE_TYPES)),
  priceCents,
  /** The price of the stems or project file, added when a buyer takes them; null when none are offered. */
  stemsPriceCents,
  previewStartSeconds: previewStart,
});
export type BeatDetails = Infer<typeof BeatDetailsSchema>;

export const STUDIO_STATUSES = ['processing', 'failed', 'pending', 'rejected', 'listed', 'sold', 'withdrawn'] as const;
export type StudioStatus = (typeof STUDIO_STATUSES)[number];

/** A beat as its producer sees it in `My beats`. */
export const StudioBeatSchema = object({
  productId: integer(),
  name: string(),
  status: enums(STUDIO_STATUSES),
  /** Why processing failed or a moderator rejected it, for the producer. */
  message: nullable(string()),
  priceCents: integer(),
  durationSeconds: nullable(number()),
  coverImageSrc: nullable(string()),
  submittedAt: string(),
  /** What the producer stated, to start the edit form from. */
  details: BeatDetailsSchema,
  /** Whether a stems zip came with the upload: only then can a stems price be set. */
  hasStems: boolean(),
});
export type StudioBeat = Infer<typeof StudioBeatSchema>;
