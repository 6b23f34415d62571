import { array, boolean, enums, type Infer, integer, literal, object } from 'superstruct';
import { VERIFICATION_STATUSES } from './verification';
import { StudioBeatSchema } from './studio';

/** GET /studio/beats: whether the producer may sell yet (and where their verification stands), and their beats in every state but withdrawn. */
export const StudioBeatListSchema = object({ verified: boolean(), verification: enums(VERIFICATION_STATUSES), beats: array(StudioBeatSchema) });
export type StudioBeatList = Infer<typeof StudioBeatListSchema>;

/** 201 to POST /studio/beats: the new product, processed in the background. */
export const BeatUploadAnswerSchema = object({ productId: integer(), status: literal('processing') });
export type BeatUploadAnswer = Infer<typeof BeatUploadAnswerSchema>;

/** The parts of an upload besides its details, in the order the server reads them after `details`. */
export const BEAT_FILE_PARTS = ['master', 'cover', 'stems'] as const;
export type BeatFilePart = (typeof BEAT_FILE_PARTS)[number];
