import { parentPort, workerData } from 'node:worker_threads';
import type { LoopSpec } from './loopSpec';
import { renderPreview } from './renderPreview';

/** Renders the specs the pool sends, one at a time, answering each with its preview. */
const { previewsDir } = workerData as { previewsDir: string };
parentPort?.on('message', (spec: LoopSpec) => {
  renderPreview(spec, previewsDir).then(
    (preview) => parentPort?.postMessage({ id: spec.id, preview }),
    (error: unknown) => parentPort?.postMessage({ id: spec.id, error: String(error) }),
  );
});
