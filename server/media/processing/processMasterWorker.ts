import { parentPort, workerData } from 'node:worker_threads';
import { AudioRejected } from './audioRejected';
import { type ProcessOptions, processMasterHere } from './processMasterHere';

/** Processes the one master it was started for and posts the outcome (workerAnswer.ts) to its parent. */
const { filePath, options } = workerData as { filePath: string; options: ProcessOptions };
processMasterHere(filePath, options).then(
  // Copied, not transferred: a small Buffer may share Node's pooled ArrayBuffer.
  (master) => parentPort?.postMessage({ kind: 'processed', master }),
  (error: unknown) =>
    parentPort?.postMessage(
      error instanceof AudioRejected
        ? { kind: 'rejected', message: error.message }
        : { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    ),
);
