import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { encodeMp3 } from './encodeMp3';
import { type LoopSpec, PEAKS_PER_PREVIEW, PREVIEW_SAMPLE_RATE, type RenderedPreview } from './loopSpec';
import { computePeaks } from './peaks';
import { synthesizeLoop } from './synthesizeLoop';

export const PREVIEWS_URL = '/media/previews';

/**
 * Synthesizes, encodes and writes one preview, with its peaks beside it. A preview already on disk
 * is reused: the same spec always gives the same audio, so a restart does not encode again.
 */
export async function renderPreview(spec: LoopSpec, previewsDir: string): Promise<RenderedPreview> {
  const mp3 = path.join(previewsDir, `${spec.id}.mp3`);
  const sidecar = path.join(previewsDir, `${spec.id}.json`);
  const src = `${PREVIEWS_URL}/${spec.id}.mp3`;
  if (fs.existsSync(mp3) && fs.existsSync(sidecar)) {
    const { durationSeconds, peaks } = JSON.parse(fs.readFileSync(sidecar, 'utf8')) as RenderedPreview;
    return { src, durationSeconds, peaks };
  }
  const samples = synthesizeLoop(spec);
  const durationSeconds = Math.round((samples.length / PREVIEW_SAMPLE_RATE) * 100) / 100;
  const peaks = computePeaks(samples, PEAKS_PER_PREVIEW);
  // Written under names of this process and renamed, so an interrupted seed never leaves half a
  // file and two servers seeding one media folder never write into each other's.
  const part = `${process.pid}.${threadId}.part`;
  fs.writeFileSync(`${mp3}.${part}`, await encodeMp3(samples, PREVIEW_SAMPLE_RATE));
  fs.renameSync(`${mp3}.${part}`, mp3);
  fs.writeFileSync(`${sidecar}.${part}`, JSON.stringify({ durationSeconds, peaks }));
  fs.renameSync(`${sidecar}.${part}`, sidecar);
  return { src, durationSeconds, peaks };
}
