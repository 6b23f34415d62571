import fs from 'node:fs';
import path from 'node:path';
import { beat, type MasterKind, tempDir, writeMaster } from '../../../test/helpers/audioFixtures';
import { openUncompressed } from './uncompressedPcm';

const RATE = 44_100;
const dir = tempDir('pcm-');
const source = beat(3, RATE);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function decodeAll(file: string, format: 'wav' | 'aiff') {
  const audio = await openUncompressed(file, format);
  const channels = Array.from({ length: audio.channels }, () => [] as number[]);
  for await (const block of audio.blocks) block.forEach((samples, c) => {
    for (const value of samples) channels[c]!.push(value);
  });
  return { audio, channels };
}

describe('openUncompressed', () => {
  it.each<[MasterKind, 'wav' | 'aiff', number]>([
    ['wav16', 'wav', 2 ** -15],
    ['wav24', 'wav', 2 ** -23],
    ['aiff', 'aiff', 2 ** -15],
  ])('decodes a %s file from ffmpeg back to its samples, streamed in blocks', async (kind, format, step) => {
    const file = writeMaster(dir, kind, kind, source, RATE);
    const { audio, channels } = await decodeAll(file, format);
    expect(audio).toMatchObject({ format, sampleRate: RATE, channels: 2, declaredFrames: source[0].length });
    expect(channels[0]).toHaveLength(source[0].length);
    for (let c = 0; c < 2; c++) {
      let worst = 0;
      channels[c]!.forEach((value, i) => (worst = Math.max(worst, Math.abs(value - source[c]![i]!))));
      expect(worst).toBeLessThanOrEqual(step);
    }
  });

  it('refuses a WAV cut short, saying so', async () => {
    const file = writeMaster(dir, 'whole', 'wav16', source, RATE);
    const cut = path.join(dir, 'cut.wav');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 20_000));
    await expect(openUncompressed(cut, 'wav')).rejects.toThrow('The WAV file is damaged: it ends before its audio data does (was the upload cut short?).');
  });

  it('refuses a WAV whose header is garbage', async () => {
    const file = path.join(dir, 'garbage.wav');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(100, 0xff)]));
    await expect(openUncompressed(file, 'wav')).rejects.toThrow(/^The WAV file is damaged: /);
  });
});
