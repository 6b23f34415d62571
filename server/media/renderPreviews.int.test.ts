import fs from 'node:fs';
import path from 'node:path';
import { correlation, decodeMono, measuredLoudness, tempDir } from '../../test/helpers/audioFixtures';
import { demoLoops } from '../seed/demoCatalogue';
import { PREVIEW_SAMPLE_RATE } from './loopSpec';
import { synthesizeTag, tagOffsets } from './processing/soundTag';
import { TARGET_LUFS } from './processing/taggedPreview';
import { renderPreviews } from './renderPreviews';

const dir = tempDir('previews-');
const media = { dir, s3: null, filesUrl: '' };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the demo seed previews', () => {
  const spec = demoLoops()[0]!;
  const mp3 = path.join(dir, 'previews', `${spec.id}.mp3`);

  it('carry the audio tag (at 2 s, and 22 s in a loop long enough) and the loudness of an uploaded beat', async () => {
    await renderPreviews([spec], media, () => {});
    const decoded = decodeMono(mp3, PREVIEW_SAMPLE_RATE);
    const ncc = correlation(decoded, synthesizeTag(PREVIEW_SAMPLE_RATE));
    const strongest = (from: number, to: number) => ncc.subarray(Math.round(from * PREVIEW_SAMPLE_RATE), Math.round(to * PREVIEW_SAMPLE_RATE)).reduce((a, b) => Math.max(a, b), 0);
    const elsewhere = strongest(3.5, 20.5);
    const tags = tagOffsets(decoded.length, PREVIEW_SAMPLE_RATE).map((offset) => offset / PREVIEW_SAMPLE_RATE);
    expect(tags[0]).toBe(2);
    for (const seconds of tags) expect(strongest(seconds - 0.1, seconds + 0.1)).toBeGreaterThan(Math.max(0.3, 2 * elsewhere));
    expect(Math.abs(measuredLoudness(mp3) - TARGET_LUFS)).toBeLessThanOrEqual(1);
  }, 120_000);

  it('render again a preview written before the tag, and reuse a tagged one', async () => {
    const sidecar = path.join(dir, 'previews', `${spec.id}.json`);
    const tagged = fs.readFileSync(sidecar, 'utf8');
    fs.writeFileSync(sidecar, JSON.stringify({ durationSeconds: 1, peaks: [] }));
    fs.writeFileSync(mp3, 'untagged');
    await renderPreviews([spec], media, () => {});
    expect(fs.readFileSync(sidecar, 'utf8')).toBe(tagged);
    const mtime = fs.statSync(mp3).mtimeMs;
    await renderPreviews([spec], media, () => {});
    expect(fs.statSync(mp3).mtimeMs).toBe(mtime);
  }, 120_000);
});
