import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { create } from 'superstruct';
import { AudioRejected } from './audioRejected';
import type { ProcessedMaster, ProcessOptions } from './processMasterHere';
import { WorkerAnswer } from './workerAnswer';

export { AudioRejected } from './audioRejected';
export type { ProcessedMaster, ProcessOptions } from './processMasterHere';

/**
 * Decoding and MP3 encoding take seconds of CPU, and a damaged file may make a decoder misbehave:
 * the thread gets a heap cap, so a runaway file fails its own job instead of the server. The cap
 * covers the JavaScript heap only: typed arrays (all the PCM) live outside it, in the server's own
 * memory, so none is sized by a header's word before audioLimits.ts has checked it.
 */
const HEAP_MB = 512;

/**
 * Processes an uploaded master on a worker thread of its own, so the server's event loop never
 * waits on it: sniffs its format by content, decodes it as a stream, and makes the tagged, loudness-
 * normalised 60 s preview (MP3) and its peaks. Resolves with the master's real duration, sample
 * rate, channels and format; rejects with AudioRejected, whose message is for the producer, when the
 * file is not audio we accept or is damaged; any other rejection is a bug.
 *
 * Like renderPreviews.ts, the thread registers tsx itself: the main thread's loader does not reach
 * worker threads on Node 20.
 */
export function processMaster(masterPath: string, options: ProcessOptions = {}): Promise<ProcessedMaster> {
  const entry = path.join(__dirname, 'processMasterWorker.ts');
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(entry)});`, {
    eval: true,
    workerData: { filePath: masterPath, options },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  return new Promise<ProcessedMaster>((resolve, reject) => {
    worker.once('message', (message: unknown) => {
      const answer = create(message, WorkerAnswer);
      if (answer.kind === 'processed') {
        const { previewMp3 } = answer.master;
        resolve({ ...answer.master, previewMp3: Buffer.from(previewMp3.buffer, previewMp3.byteOffset, previewMp3.byteLength) });
      } else if (answer.kind === 'rejected') reject(new AudioRejected(answer.message));
      else reject(new Error(`Processing ${masterPath} failed: ${answer.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The processing thread for ${masterPath} stopped (exit code ${code}) without an answer.`)));
  }).finally(() => worker.terminate());
}
