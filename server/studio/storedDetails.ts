import { create } from 'superstruct';
import { type BeatDetails, BeatDetailsSchema } from '../../shared/schemas/studio';

/** The details a `studio_products` row keeps, read back through the shared schema (a row that does not fit is a bug). */
export const decodeStoredDetails = (json: string): BeatDetails => create(JSON.parse(json), BeatDetailsSchema);
