import { array, type Infer, literal, number, object } from 'superstruct';

/**
 * How a seeded preview's audio is made; a sidecar of another recipe (one written before the
 * audio tag had none) is rendered again rather than served untagged.
 */
export const PREVIEW_RECIPE = 'tagged-1';

/** `previews/<id>.json` beside each rendered preview in media storage: what the seed lists without encoding again. */
export const PreviewSidecarSchema = object({ recipe: literal(PREVIEW_RECIPE), durationSeconds: number(), peaks: array(number()) });
export type PreviewSidecar = Infer<typeof PreviewSidecarSchema>;
