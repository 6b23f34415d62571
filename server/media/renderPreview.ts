import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { array, is, literal, number, object } from 'superstruct';
import { encodeMp3 } from './encodeMp3';
import { type LoopSpec, PEAKS_PER_PREVIEW, PREVIEW_SAMPLE_RATE, type RenderedPreview } from './loopSpec';
import { computePeaks } from './peaks';
import { tagAndNormalise } from './processing/taggedPreview';
import { synthesizeLoop } from './synthesizeLoop';

export const PREVIEWS_URL = '/media/previews';

/**
 * What the sidecar beside each MP3 holds. `recipe` names how the audio was made: a preview written
 * before the tag (no recipe) is rendered again rather than served untagged.
 */
const RECIPE = 'tagged-1';
const Sidecar = object({ recipe: literal(RECIPE), durationSeconds: number(), peaks: array(number()) });

/**
 * Synthesizes, tags, normalises, encodes and writes one preview, with its peaks beside it. The
 * demo's previews carry the same audio tag and loudness as an uploaded beat's (taggedPreview.ts).
 * A preview already on disk is reused: the same spec always gives the same audio, so a restart
 * does not encode again.
 */
export async function renderPreview(spec: LoopSpec, previewsDir: string): Promise<RenderedPreview> {
  const mp3 = path.join(previewsDir, `${spec.id}.mp3`);
  const sidecar = path.join(previewsDir, `${spec.id}.json`);
  const src = `${PREVIEWS_URL}/${spec.id}.mp3`;
  if (fs.existsSync(mp3) && fs.existsSync(sidecar)) {
    const saved: unknown = JSON.parse(fs.readFileSync(sidecar, 'utf8'));
    if (is(saved, Sidecar)) return { src, durationSeconds: saved.durationSeconds, peaks: saved.peaks };
  }
  const samples = synthesizeLoop(spec);
  tagAndNormalise([samples], PREVIEW_SAMPLE_RATE);
  const durationSeconds = Math.round((samples.length / PREVIEW_SAMPLE_RATE) * 100) / 100;
  const peaks = computePeaks(samples, PEAKS_PER_PREVIEW);
  // Written under names of this process and renamed, so an interrupted seed never leaves half a
  // file and two servers seeding one media folder never write into each other's.
  const part = `${process.pid}.${threadId}.part`;
  fs.writeFileSync(`${mp3}.${part}`, await encodeMp3(samples, PREVIEW_SAMPLE_RATE));
  fs.renameSync(`${mp3}.${part}`, mp3);
  fs.writeFileSync(`${sidecar}.${part}`, JSON.stringify({ recipe: RECIPE, durationSeconds, peaks }));
  fs.renameSync(`${sidecar}.${part}`, sidecar);
  return { src, durationSeconds, peaks };
}
