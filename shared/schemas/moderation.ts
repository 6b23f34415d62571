import { array, boolean, enums, type Infer, integer, nullable, number, object, optional, string } from 'superstruct';
import { SCALES } from '../domain/catalogue/filterOptions';
import { requiredText } from './pages';
import { personal } from './personal';

/** One open report in the moderators' `Reported tracks` (SPEC §2 admin menu). */
export const ReportedTrackSchema = object({
  reportId: integer(),
  productId: integer(),
  /** Null once the product is no longer listed (taken down on another report, or delisted). */
  productName: nullable(string()),
  producerName: nullable(string()),
  listed: boolean(),
  reason: string(),
  /** The reporter's own words. */
  details: personal(string()),
  reportedAt: string(),
});
export type ReportedTrack = Infer<typeof ReportedTrackSchema>;
export const ReportedTrackListSchema = object({ reports: array(ReportedTrackSchema) });

export const REPORT_NOTE_LIMIT = 1000;
/** Upholding tells the producer why; dismissing may say nothing. */
export const UpholdSchema = object({ note: personal(requiredText('Note', 1, REPORT_NOTE_LIMIT)) });
export const DismissSchema = object({ note: personal(optional(string())) });

/** One beat in the moderators' `Pending tracks`: processed, waiting for a decision. */
export const PendingTrackSchema = object({
  productId: integer(),
  name: string(),
  producerId: integer(),
  producerName: string(),
  /** The producer's page address (`/<shortName>`). */
  producerShortName: string(),
  genres: array(string()),
  moods: array(string()),
  bpm: integer(),
  key: nullable(string()),
  scale: nullable(enums(SCALES)),
  priceCents: integer(),
  /** The master's length. */
  durationSeconds: nullable(number()),
  previewSrc: nullable(string()),
  previewDurationSeconds: nullable(number()),
  /** The preview's waveform: the catalogue's peaks call knows only listed products. */
  previewPeaks: array(number()),
  coverImageSrc: nullable(string()),
  submittedAt: string(),
});
export type PendingTrack = Infer<typeof PendingTrackSchema>;
export const PendingTrackListSchema = object({ tracks: array(PendingTrackSchema) });

export const TRACK_REJECTION_LIMIT = 500;
export const TrackRejectionSchema = object({ reason: personal(requiredText('Reason', 1, TRACK_REJECTION_LIMIT)) });
