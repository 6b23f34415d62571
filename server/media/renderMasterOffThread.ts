import { create, number, object } from 'superstruct';
import type { LoopSpec } from './loopSpec';
import { runMediaTask } from './mediaThreads';
import type { MediaStorageSettings } from './storage/openMediaStorage';

const Rendered = object({ durationSeconds: number() });

/** Renders one master on a media thread (mediaThreads.ts): minutes of audio are seconds of synthesis, which must not stall the event loop. */
export async function renderMasterOffThread(spec: LoopSpec, key: string, media: MediaStorageSettings): Promise<{ durationSeconds: number }> {
  try {
    return create(await runMediaTask('renderMaster', { spec, key, media }), Rendered);
  } catch (error) {
    throw new Error(`Master ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
