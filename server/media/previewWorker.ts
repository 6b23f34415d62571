import { parentPort, workerData } from 'node:worker_threads';
import type { LoopSpec } from './loopSpec';
import { renderPreview } from './renderPreview';
import { createMediaStorage, type MediaStorageSettings } from './storage/openMediaStorage';

/** Renders the specs the pool sends, one at a time, answering each with its preview. */
const media = createMediaStorage((workerData as { media: MediaStorageSettings }).media);
parentPort?.on('message', (spec: LoopSpec) => {
  renderPreview(spec, media).then(
    (preview) => parentPort?.postMessage({ id: spec.id, preview }),
    (error: unknown) => parentPort?.postMessage({ id: spec.id, error: String(error) }),
  );
});
