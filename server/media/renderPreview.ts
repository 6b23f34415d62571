import { create } from 'superstruct';
import { PreviewSidecarSchema } from '../../shared/schemas/previewSidecar';
import { encodeMp3 } from './encodeMp3';
import { type LoopSpec, PEAKS_PER_PREVIEW, PREVIEW_SAMPLE_RATE, type RenderedPreview } from './loopSpec';
import { computePeaks } from './peaks';
import { type MediaStorage, readWhole } from './storage/mediaStorage';
import { synthesizeLoop } from './synthesizeLoop';

/**
 * Synthesizes, encodes and stores one preview, with its peaks beside it. A preview already stored
 * is reused: the same spec always gives the same audio, so a restart does not encode again.
 */
export async function renderPreview(spec: LoopSpec, media: MediaStorage): Promise<RenderedPreview> {
  const mp3 = `previews/${spec.id}.mp3`;
  const sidecar = `previews/${spec.id}.json`;
  const src = media.publicUrl(mp3);
  const stored = (await media.exists(mp3)) ? await readWhole(media, sidecar) : null;
  if (stored) {
    const { durationSeconds, peaks } = create(JSON.parse(stored.toString('utf8')), PreviewSidecarSchema);
    return { src, durationSeconds, peaks };
  }
  const samples = synthesizeLoop(spec);
  const durationSeconds = Math.round((samples.length / PREVIEW_SAMPLE_RATE) * 100) / 100;
  const peaks = computePeaks(samples, PEAKS_PER_PREVIEW);
  // Each put is whole or nothing (two servers seeding one storage write the same bytes), and the
  // sidecar goes last, so a preview counts as made only when both are there.
  await media.put(mp3, await encodeMp3(samples, PREVIEW_SAMPLE_RATE), { contentType: 'audio/mpeg', visibility: 'public' });
  await media.put(sidecar, Buffer.from(JSON.stringify({ durationSeconds, peaks })), { contentType: 'application/json', visibility: 'public' });
  return { src, durationSeconds, peaks };
}
