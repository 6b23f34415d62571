import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LoopSpec } from './loopSpec';
import type { MediaStorageSettings } from './storage/openMediaStorage';

type WorkerAnswer = { rendered: { durationSeconds: number } } | { error: string };

/**
 * Renders one master on a worker thread of its own: minutes of audio are seconds of synthesis,
 * which must not stall the server's event loop. The worker runs TypeScript through tsx's hook,
 * as the preview workers do (renderPreviews.ts), and ends with its render.
 */
export function renderMasterOffThread(spec: LoopSpec, key: string, media: MediaStorageSettings): Promise<{ durationSeconds: number }> {
  const entry = path.join(__dirname, 'masterWorker.ts');
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, { eval: true, workerData: { media, spec, key } });
  return new Promise<{ durationSeconds: number }>((resolve, reject) => {
    worker.once('message', (answer: WorkerAnswer) => ('error' in answer ? reject(new Error(`Master ${key} failed: ${answer.error}`)) : resolve(answer.rendered)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The worker rendering ${key} stopped (exit code ${code}) before it answered`)));
  }).finally(() => void worker.terminate());
}
