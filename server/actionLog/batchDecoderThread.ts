import { decodeActionLogBatch } from './batchDecoding';

/** The worker thread's task (batchDecoderPool.ts): the bytes of one batch in, its decoded answer out. */
export default function decodeBatchOnThread(bytes: Uint8Array) {
  return decodeActionLogBatch(bytes);
}
