import fs from 'node:fs';
import path from 'node:path';
import { PEAKS_PER_PREVIEW } from '../loopSpec';
import {
  beat,
  correlation,
  decodeMono,
  ffmpegFacts,
  type MasterKind,
  measuredLoudness,
  tempDir,
  writeMaster,
} from '../../../test/helpers/audioFixtures';
import { wavBytes, wavDataBytes } from '../../../test/helpers/wavBytes';
import { AudioRejected, type ProcessedMaster, processMaster } from './processMaster';
import { NOT_AUDIO } from './sniffAudio';
import { synthesizeTag } from './soundTag';
import { TARGET_LUFS } from './taggedPreview';

const RATE = 44_100;
/** Where the tag is searched for in decoded audio: enough for the tag's 1 kHz to 5 kHz content. */
const SEARCH_RATE = 22_050;
const HEAVY = 180_000;
const dir = tempDir('masters-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function savePreview(name: string, master: ProcessedMaster): string {
  const file = path.join(dir, `${name}.preview.mp3`);
  fs.writeFileSync(file, master.previewMp3);
  return file;
}

function expectPeaks(peaks: number[]): void {
  expect(peaks).toHaveLength(PEAKS_PER_PREVIEW);
  expect(peaks.every((peak) => peak >= 0 && peak <= 1)).toBe(true);
  expect(Math.max(...peaks)).toBeGreaterThan(0.5);
}

describe('processMaster, for each accepted format', () => {
  const minute = beat(61, RATE);
  it.each<[MasterKind, string]>([
    ['wav16', 'wav'],
    ['wav24', 'wav'],
    ['aiff', 'aiff'],
    ['flac', 'flac'],
    ['mp3', 'mp3'],
  ])('reads a %s master and makes its first 60 s the preview', async (kind, format) => {
    const file = writeMaster(dir, `minute-${kind}`, kind, minute, RATE);
    const master = await processMaster(file);
    expect(master).toMatchObject({ format, sampleRate: RATE, channels: 2 });
    // ffmpeg estimates an MP3's length from its header, encoder padding included; ours is decoded.
    expect(Math.abs(master.durationSeconds - ffmpegFacts(file).durationSeconds)).toBeLessThan(0.1);
    expect(master.durationSeconds).toBeCloseTo(61, 1);
    expect(master.previewDurationSeconds).toBeCloseTo(60, 1);
    const preview = savePreview(`minute-${kind}`, master);
    expect(ffmpegFacts(preview)).toMatchObject({ sampleRate: RATE, channels: 2 });
    expectPeaks(master.peaks);
  }, HEAVY);

  it('reads the real sample rate of a 48 kHz mono master', async () => {
    const file = writeMaster(dir, 'mono48', 'flac', [beat(61, 48_000)[0]], 48_000);
    expect(await processMaster(file)).toMatchObject({ format: 'flac', sampleRate: 48_000, channels: 1, durationSeconds: 61 });
  }, HEAVY);
});

describe('the preview of a 75 s master', () => {
  const master = writeMaster(dir, 'long', 'wav16', beat(75, RATE), RATE);
  let processed: ProcessedMaster;
  let preview: string;
  beforeAll(async () => {
    processed = await processMaster(master);
    preview = savePreview('long', processed);
  }, HEAVY);

  it('is the first 60 s, with the master its real 75 s', () => {
    expect(processed.durationSeconds).toBe(75);
    expect(processed.previewDurationSeconds).toBe(60);
    expect(ffmpegFacts(preview).durationSeconds).toBeCloseTo(60, 0);
    expectPeaks(processed.peaks);
  });

  it(`is loudness-normalised to ${TARGET_LUFS} LUFS within 1 LU, by ffmpeg's EBU R128 meter`, () => {
    expect(measuredLoudness(master)).toBeLessThan(TARGET_LUFS - 4);
    expect(Math.abs(measuredLoudness(preview) - TARGET_LUFS)).toBeLessThanOrEqual(1);
  });

  it('carries the tag at 2 s, 22 s and 42 s, found by correlation in the decoded MP3, and nowhere else', () => {
    const tag = synthesizeTag(SEARCH_RATE);
    const ncc = correlation(decodeMono(preview, SEARCH_RATE), tag);
    const near = (seconds: number, radius: number) => (lag: number) => Math.abs(lag / SEARCH_RATE - seconds) <= radius;
    const strongest = (keep: (lag: number) => boolean) => ncc.reduce((best, value, lag) => (keep(lag) ? Math.max(best, value) : best), 0);
    const atTags = [2, 22, 42].map((seconds) => strongest(near(seconds, 0.1)));
    const elsewhere = strongest((lag) => ![2, 22, 42].some((seconds) => near(seconds, 1.2)(lag)));
    for (const found of atTags) expect(found).toBeGreaterThan(Math.max(0.3, 2 * elsewhere));
  });

  it('leaves the master without the tag', () => {
    const ncc = correlation(decodeMono(master, SEARCH_RATE).subarray(0, 60 * SEARCH_RATE), synthesizeTag(SEARCH_RATE));
    expect(ncc.reduce((best, value) => Math.max(best, value), 0)).toBeLessThan(0.15);
  });

  it("starts at the producer's chosen second and runs to the end of the master", async () => {
    const fromSeventy = await processMaster(master, { previewStartSeconds: 70 });
    expect(fromSeventy.previewDurationSeconds).toBe(5);
    expect(fromSeventy.durationSeconds).toBe(75);
  }, HEAVY);

  it('refuses a start past the end', async () => {
    await expect(processMaster(master, { previewStartSeconds: 80 })).rejects.toThrow(
      new AudioRejected('The preview cannot start at 80 s: the master is only 75 s long.'),
    );
  });
});

describe('processMaster refuses, with a message for the producer', () => {
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };

  it('a PNG named beat.wav', async () => {
    const png = write('beat.wav', Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200)]));
    await expect(processMaster(png)).rejects.toThrow(new AudioRejected(NOT_AUDIO));
  });

  it('a text file named beat.mp3', async () => {
    await expect(processMaster(write('beat.mp3', Buffer.from('not music at all\n'.repeat(100))))).rejects.toThrow(NOT_AUDIO);
  });

  it('an empty file', async () => {
    await expect(processMaster(write('empty.flac', Buffer.alloc(0)))).rejects.toThrow('The master is an empty file.');
  });

  it('a FLAC whose frames were overwritten', async () => {
    const flac = fs.readFileSync(writeMaster(dir, 'to-damage', 'flac', beat(4, RATE), RATE));
    for (let i = Math.floor(flac.length * 0.3); i < flac.length * 0.6; i++) flac[i] = (i * 7919) % 251;
    await expect(processMaster(write('damaged.flac', flac))).rejects.toThrow(/^The FLAC file is damaged: /);
  }, HEAVY);

  it('a WAV whose header states a sample rate outside 8–384 kHz, before anything is sized by it', async () => {
    const forged = write('forged.wav', wavBytes(wavDataBytes(0.03, { sampleRate: 71_000_000, channels: 8 }), 7, { sampleRate: 71_000_000, channels: 8 }));
    await expect(processMaster(forged)).rejects.toThrow(
      new AudioRejected("The master's sample rate is 71,000,000 Hz; export it at a rate from 8 kHz to 384 kHz (44.1 or 48 kHz is usual)."),
    );
    const slow = write('slow.wav', wavBytes(wavDataBytes(61, { sampleRate: 4_000 }), 7, { sampleRate: 4_000 }));
    await expect(processMaster(slow)).rejects.toThrow("The master's sample rate is 4,000 Hz; export it at a rate from 8 kHz to 384 kHz");
  });

  it('a master shorter than its preview: a WAV by its header, a FLAC once decoded', async () => {
    const wav = write('short.wav', wavBytes(wavDataBytes(0.026)));
    await expect(processMaster(wav)).rejects.toThrow(new AudioRejected('The master is 0.026 s long; a beat must be at least 60 s, the length of its preview.'));
    const flac = writeMaster(dir, 'short-flac', 'flac', beat(4, RATE), RATE);
    await expect(processMaster(flac)).rejects.toThrow(new AudioRejected('The master is 4 s long; a beat must be at least 60 s, the length of its preview.'));
  }, HEAVY);

  it('an MP3 with nothing but garbage after its first bytes', async () => {
    const mp3 = fs.readFileSync(writeMaster(dir, 'to-garble', 'mp3', beat(2, RATE), RATE));
    const garbled = Buffer.concat([mp3.subarray(0, 4), Buffer.alloc(mp3.length, 0x55)]);
    await expect(processMaster(write('garbled.mp3', garbled))).rejects.toThrow(AudioRejected);
  });
});
