import { create } from 'superstruct';
import { runMediaTask } from '../mediaThreads';
import { AudioRejected } from './audioRejected';
import type { ProcessedMaster, ProcessOptions } from './processMasterHere';
import { WorkerAnswer } from './workerAnswer';

export { AudioRejected } from './audioRejected';
export type { ProcessedMaster, ProcessOptions } from './processMasterHere';

/**
 * Processes an uploaded master on a media thread (../mediaThreads.ts, whose threads have a capped
 * heap), so the server's event loop never waits on it: sniffs its format by content, decodes it as
 * a stream, and makes the tagged, loudness-normalised 60 s preview (MP3) and its peaks. Resolves
 * with the master's real duration, sample rate, channels and format; rejects with AudioRejected,
 * whose message is for the producer, when the file is not audio we accept or is damaged; any other
 * rejection is a bug.
 */
export async function processMaster(masterPath: string, options: ProcessOptions = {}): Promise<ProcessedMaster> {
  let message: unknown;
  try {
    message = await runMediaTask('processMaster', { filePath: masterPath, options });
  } catch (error) {
    throw new Error(`The processing thread for ${masterPath} stopped without an answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer = create(message, WorkerAnswer);
  if (answer.kind === 'rejected') throw new AudioRejected(answer.message);
  if (answer.kind === 'failed') throw new Error(`Processing ${masterPath} failed: ${answer.message}`);
  const { previewMp3 } = answer.master;
  return { ...answer.master, previewMp3: Buffer.from(previewMp3.buffer, previewMp3.byteOffset, previewMp3.byteLength) };
}
