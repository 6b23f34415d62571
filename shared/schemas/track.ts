import { array, boolean, enums, type Infer, nullable, number, object, optional, string, type } from 'superstruct';
import { KEYS, SAMPLE_TYPES, SCALES, VOCAL_GENDERS, VOCAL_TYPES } from '../domain/catalogue/filterOptions';

export const ProductTypeSchema = enums(['track', 'samplepack', 'edmcontacts', 'promembership']);

/**
 * The fields of a product the storefront's cards read. `type` (not `object`) lets the server send
 * the fuller ProductSchema below without older clients rejecting the extra fields.
 */
export const ProducerSummarySchema = type({
  id: number(),
  artistName: string(),
  producerUrl: string(),
  /** Optional here: cards do without; the player shows a placeholder avatar when missing. */
  avatarSrc: optional(nullable(string())),
});

export const TrackSchema = type({
  id: number(),
  name: string(),
  productType: ProductTypeSchema,
  genre: string(),
  bpm: nullable(number()),
  key: nullable(string()),
  scale: nullable(enums(['minor', 'major'])),
  finalPrice: number(),
  isSold: boolean(),
  coverImageSrc: nullable(string()),
  previewTrackSrc: nullable(string()),
  producer: ProducerSummarySchema,
  // Read by the player bar (SPEC §2): the title links only for sample packs and tracks with genres.
  genres: optional(array(object({ id: number(), name: string(), color: string() }))),
  samplePack: optional(boolean()),
  /** Seconds; the player shows it as the total time before the preview has loaded. */
  previewTrackDuration: optional(nullable(number())),
  /** Lists send null; the player then asks GET /audio/peaks/{id}. */
  peaks: optional(nullable(array(number()))),
});
export type Track = Infer<typeof TrackSchema>;

/** The client's reading of a GET /tracks page; it never asks for the total. */
export const TrackListSchema = type({ tracks: array(TrackSchema) });
export type TrackList = Infer<typeof TrackListSchema>;

export const GenreSchema = object({ id: number(), name: string(), color: string(), isActive: boolean() });
export type Genre = Infer<typeof GenreSchema>;
export const GenreListSchema = array(GenreSchema);

export const MoodSchema = object({ id: number(), name: string(), emoji: string(), isActive: boolean() });
export type Mood = Infer<typeof MoodSchema>;
export const MoodListSchema = array(MoodSchema);

/** Every field of SPEC §3 "Product / track", exactly as GET /tracks and /tracks/{id} answer. */
export const ProductSchema = object({
  id: number(),
  name: string(),
  productType: ProductTypeSchema,
  /** Genre names joined by ' / '; 'Sample Pack' for a sample pack; '' when it has none. */
  genre: string(),
  genres: array(object({ id: number(), name: string(), color: string() })),
  secondGenre: nullable(string()),
  moods: array(number()),
  tags: array(string()),
  bpm: nullable(number()),
  key: nullable(enums(KEYS)),
  scale: nullable(enums(SCALES)),
  vocalType: nullable(enums(VOCAL_TYPES.map((v) => v.value))),
  samplesType: nullable(enums(SAMPLE_TYPES.map((s) => s.value))),
  vocalGender: nullable(enums(VOCAL_GENDERS)),
  isNew: boolean(),
  isSuperSale: boolean(),
  isPremium: boolean(),
  /** USD. */
  finalPrice: number(),
  /** USD for the project file on top of the price; null when none is offered. */
  projectFilePrice: nullable(number()),
  isSold: boolean(),
  samplePack: boolean(),
  coverImageSrc: nullable(string()),
  previewTrackSrc: nullable(string()),
  /** Seconds. */
  previewTrackDuration: nullable(number()),
  /** m:ss */
  previewTrackDurationFormatted: nullable(string()),
  /** Only in GET /tracks/{id}; lists leave it null and the player fetches GET /audio/peaks/{id}. */
  peaks: nullable(array(number())),
  producer: object({ id: number(), artistName: string(), producerUrl: string(), avatarSrc: nullable(string()) }),
});
export type Product = Infer<typeof ProductSchema>;

/** GET /tracks: a page; `total` (every match counted) only for `count=true`. */
export const ProductListSchema = object({ tracks: array(ProductSchema), total: optional(number()) });
export type ProductList = Infer<typeof ProductListSchema>;

/** Peak amplitudes 0..1, evenly spaced over the preview. */
export const PeaksSchema = object({ id: number(), peaks: array(number()) });
export type Peaks = Infer<typeof PeaksSchema>;

export const TagListSchema = array(string());
