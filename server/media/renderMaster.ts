import type { LoopSpec } from './loopSpec';
import { masterPlan, synthesizeMaster } from './masterSynthesis';
import type { MediaStorage } from './storage/mediaStorage';
import { wavStream } from './wavStream';

/**
 * Renders a demo beat's full-length master (masterSynthesis.ts) as a 16-bit 44.1 kHz mono WAV
 * and streams it into media storage under its private key, bar by bar. The storage's put is
 * whole or nothing, so a render cut short by a crash leaves no file and is simply done again.
 */
export async function renderMaster(spec: LoopSpec, key: string, media: MediaStorage): Promise<{ durationSeconds: number }> {
  const plan = masterPlan(spec);
  await media.put(key, wavStream(synthesizeMaster(spec, plan.sampleRate), { sampleRate: plan.sampleRate, channels: 1, frames: plan.frames }), {
    contentType: 'audio/wav',
    visibility: 'private',
  });
  return { durationSeconds: plan.durationSeconds };
}
