import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LoopSpec, RenderedPreview } from './loopSpec';
import type { MediaStorageSettings } from './storage/openMediaStorage';

type WorkerAnswer = { id: string; preview: RenderedPreview } | { id: string; error: string };

/**
 * The worker runs TypeScript: under tsx the main thread's loader does not reach worker threads on
 * Node 20, so each worker registers tsx's CommonJS hook itself before loading its module.
 */
function startWorker(media: MediaStorageSettings): Worker {
  const entry = path.join(__dirname, 'previewWorker.ts');
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true, workerData: { media } });
}

/**
 * Renders every loop's preview on a pool of worker threads (one per CPU, MP3 encoding being the
 * slow part), reporting progress as each one finishes.
 */
export async function renderPreviews(
  specs: readonly LoopSpec[],
  media: MediaStorageSettings,
  progress: (done: number, total: number) => void,
): Promise<Map<string, RenderedPreview>> {
  const results = new Map<string, RenderedPreview>();
  const queue = [...specs];
  const workers = Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), specs.length)) }, () => startWorker(media));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const spec = queue.shift();
              if (spec) worker.postMessage(spec);
              else resolve();
            };
            worker.on('message', (answer: WorkerAnswer) => {
              if ('error' in answer) return reject(new Error(`Preview ${answer.id} failed: ${answer.error}`));
              results.set(answer.id, answer.preview);
              progress(results.size, specs.length);
              next();
            });
            worker.on('error', reject);
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
