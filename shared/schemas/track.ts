import { array, boolean, enums, type Infer, nullable, number, object, string } from 'superstruct';

export const ProductTypeSchema = enums(['track', 'samplepack', 'edmcontacts', 'promembership']);

export const ProducerSummarySchema = object({
  id: number(),
  artistName: string(),
  producerUrl: string(),
});

export const TrackSchema = object({
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
});
export type Track = Infer<typeof TrackSchema>;

export const TrackListSchema = object({ tracks: array(TrackSchema), total: number() });
export type TrackList = Infer<typeof TrackListSchema>;
