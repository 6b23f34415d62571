import { array, type Infer, number, object } from 'superstruct';

/** `previews/<id>.json` beside each rendered preview in media storage: what the seed lists without encoding again. */
export const PreviewSidecarSchema = object({ durationSeconds: number(), peaks: array(number()) });
export type PreviewSidecar = Infer<typeof PreviewSidecarSchema>;
