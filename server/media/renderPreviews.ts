import { array, create, number, object, string } from 'superstruct';
import type { LoopSpec, RenderedPreview } from './loopSpec';
import { runMediaTask } from './mediaThreads';
import type { MediaStorageSettings } from './storage/openMediaStorage';

const Rendered = object({ src: string(), durationSeconds: number(), peaks: array(number()) });

/**
 * Renders every loop's preview on the media threads (mediaThreads.ts: one per core, MP3 encoding
 * being the slow part), reporting progress as each one finishes. The first failure fails the whole.
 */
export async function renderPreviews(
  specs: readonly LoopSpec[],
  media: MediaStorageSettings,
  progress: (done: number, total: number) => void,
): Promise<Map<string, RenderedPreview>> {
  const results = new Map<string, RenderedPreview>();
  await Promise.all(
    specs.map(async (spec) => {
      let preview: RenderedPreview;
      try {
        preview = create(await runMediaTask('renderPreview', { spec, media }), Rendered);
      } catch (error) {
        throw new Error(`Preview ${spec.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      results.set(spec.id, preview);
      progress(results.size, specs.length);
    }),
  );
  return results;
}
