import { is } from 'superstruct';
import { PREVIEW_RECIPE, PreviewSidecarSchema } from '../../shared/schemas/previewSidecar';
import { encodeMp3 } from './encodeMp3';
import { type LoopSpec, PEAKS_PER_PREVIEW, PREVIEW_SAMPLE_RATE, type RenderedPreview } from './loopSpec';
import { computePeaks } from './peaks';
import { tagAndNormalise } from './processing/taggedPreview';
import { type MediaStorage, readWhole } from './storage/mediaStorage';
import { synthesizeLoop } from './synthesizeLoop';

/**
 * Synthesizes, tags, normalises, encodes and stores one preview, with its peaks beside it. The
 * demo's previews carry the same audio tag and loudness as an uploaded beat's (taggedPreview.ts).
 * A preview already stored by the same recipe is reused: the same spec always gives the same
 * audio, so a restart does not encode again.
 */
export async function renderPreview(spec: LoopSpec, media: MediaStorage): Promise<RenderedPreview> {
  const mp3 = `previews/${spec.id}.mp3`;
  const sidecar = `previews/${spec.id}.json`;
  const src = media.publicUrl(mp3);
  const stored = (await media.exists(mp3)) ? await readWhole(media, sidecar) : null;
  if (stored) {
    const saved: unknown = JSON.parse(stored.toString('utf8'));
    if (is(saved, PreviewSidecarSchema)) return { src, durationSeconds: saved.durationSeconds, peaks: saved.peaks };
  }
  const samples = synthesizeLoop(spec);
  tagAndNormalise([samples], PREVIEW_SAMPLE_RATE);
  const durationSeconds = Math.round((samples.length / PREVIEW_SAMPLE_RATE) * 100) / 100;
  const peaks = computePeaks(samples, PEAKS_PER_PREVIEW);
  // Each put is whole or nothing (two servers seeding one storage write the same bytes), and the
  // sidecar goes last, so a preview counts as made only when both are there.
  await media.put(mp3, await encodeMp3(samples, PREVIEW_SAMPLE_RATE), { contentType: 'audio/mpeg', visibility: 'public' });
  const sidecarJson = JSON.stringify({ recipe: PREVIEW_RECIPE, durationSeconds, peaks });
  await media.put(sidecar, Buffer.from(sidecarJson), { contentType: 'application/json', visibility: 'public' });
  return { src, durationSeconds, peaks };
}
