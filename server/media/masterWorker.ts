import { parentPort, workerData } from 'node:worker_threads';
import type { LoopSpec } from './loopSpec';
import { renderMaster } from './renderMaster';
import { createMediaStorage, type MediaStorageSettings } from './storage/openMediaStorage';

/** Renders the one master it was started for, answers, and lets go of the storage. */
const { media: settings, spec, key } = workerData as { media: MediaStorageSettings; spec: LoopSpec; key: string };
const media = createMediaStorage(settings);
renderMaster(spec, key, media)
  .then(
    (rendered) => parentPort?.postMessage({ rendered }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  )
  .finally(() => media.close());
