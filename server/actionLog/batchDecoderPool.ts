import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { create } from 'superstruct';
import { HttpError } from '../http/endpoint';
import { type DecodedBatch, DecodedBatchAnswer } from './batchDecoding';

/**
 * Decodes action-log batches on worker threads, so that the event loop answering buyers spends
 * on a batch only its bytes and its rows' write: 200 tabs shipping a dozen kilobytes every 2 s
 * cost that loop most of a core when it parsed, checked and redacted them itself (README "Where
 * the action log lives"). Piscina keeps the threads and their queue.
 */
export interface ActionLogBatchDecoder {
  /** The batch ready to store; throws HttpError with the 4xx the sender gets, or 503 when the queue is full. */
  decode(bytes: Uint8Array): Promise<DecodedBatch>;
  close(): Promise<void>;
}

/** Batches waiting for a thread at most: past it the tab is told to send again later. */
const MAX_QUEUED_BATCHES = 1_000;

export function openActionLogBatchDecoder(): ActionLogBatchDecoder {
  // One core stays the event loop's; a second thread only where a third core exists.
  const threads = Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const pool = new Piscina({
    filename: path.join(__dirname, 'batchDecoderThread.ts'),
    // Node 20 does not pass the main thread's TypeScript loader to worker threads.
    execArgv: ['--require', 'tsx/cjs'],
    minThreads: threads,
    maxThreads: threads,
    maxQueue: MAX_QUEUED_BATCHES,
    // A batch is at most 256 KB of JSON; a thread past this heap is broken, not busy.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return {
    async decode(bytes) {
      let answer: unknown;
      try {
        answer = await pool.run(bytes);
      } catch (error) {
        if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new HttpError(503, 'The action log is busy; try again later');
        throw error;
      }
      const decoded = create(answer, DecodedBatchAnswer);
      if (decoded.kind === 'refused') throw new HttpError(decoded.statusCode, decoded.message);
      return decoded;
    },
    close: () => pool.destroy(),
  };
}
