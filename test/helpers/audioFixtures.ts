import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import FFT from 'fft.js';
import { synthesizeLoop } from '../../server/media/synthesizeLoop';

/**
 * Audio files for the processing tests, made by ffmpeg (the dev dependency @ffmpeg-installer ships
 * its binary in an npm package): an encoder independent of our decoders, and a second loudness meter.
 */
export type MasterKind = 'wav16' | 'wav24' | 'aiff' | 'flac' | 'mp3';

const ENCODERS: Record<MasterKind, { extension: string; args: string[] }> = {
  wav16: { extension: 'wav', args: ['-c:a', 'pcm_s16le'] },
  wav24: { extension: 'wav', args: ['-c:a', 'pcm_s24le'] },
  aiff: { extension: 'aiff', args: ['-c:a', 'pcm_s16be'] },
  flac: { extension: 'flac', args: ['-c:a', 'flac'] },
  mp3: { extension: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '192k'] },
};

function run(args: string[], input?: Buffer): { stdout: Buffer; stderr: string } {
  const result = spawnSync(ffmpeg.path, ['-hide_banner', '-nostdin', ...args], { input, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${result.stderr.toString().slice(-800)}`);
  return { stdout: result.stdout, stderr: result.stderr.toString() };
}

/**
 * A stereo beat of `seconds`: the demo loop synthesizer's trap loop repeated, its right channel
 * a little later and quieter so the channels differ, at about -20 LUFS (quieter than a preview).
 */
export function beat(seconds: number, sampleRate: number): [Float32Array, Float32Array] {
  const loop = synthesizeLoop({ id: 'fixture', bpm: 140, key: 'A', scale: 'minor', style: 'trap', seed: 7 }, sampleRate);
  const frames = Math.round(seconds * sampleRate);
  const delay = Math.round(0.012 * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = loop[i % loop.length]! * 0.3;
    right[i] = loop[(i + loop.length - delay) % loop.length]! * 0.25;
  }
  return [left, right];
}

/** Writes PCM (one array per channel) as a file of `kind` and returns its path. */
export function writeMaster(dir: string, name: string, kind: MasterKind, channels: readonly Float32Array[], sampleRate: number): string {
  const frames = channels[0]!.length;
  const interleaved = new Float32Array(frames * channels.length);
  for (let i = 0; i < frames; i++) channels.forEach((channel, c) => (interleaved[i * channels.length + c] = channel[i]!));
  const file = path.join(dir, `${name}.${ENCODERS[kind].extension}`);
  const input = Buffer.from(interleaved.buffer);
  run(['-y', '-f', 'f32le', '-ar', String(sampleRate), '-ac', String(channels.length), '-i', 'pipe:0', ...ENCODERS[kind].args, file], input);
  return file;
}

/** Decodes any audio file to mono float32 at `sampleRate` (channels averaged). */
export function decodeMono(file: string, sampleRate: number): Float32Array {
  const { stdout } = run(['-i', file, '-f', 'f32le', '-ac', '1', '-ar', String(sampleRate), 'pipe:1']);
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
}

/** ffmpeg's own EBU R128 meter: the integrated loudness (LUFS) of a file, or of a buffer written to a temp file. */
export function measuredLoudness(file: string): number {
  const { stderr } = run(['-i', file, '-af', 'ebur128', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const match = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!match) throw new Error(`No integrated loudness in ffmpeg's answer: ${summary}`);
  return Number(match[1]);
}

/** ffmpeg's true peak (dBTP, 4× oversampled per BS.1770) of a file: what a master must keep below 0. */
export function measuredTruePeak(file: string): number {
  const { stderr } = run(['-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('True peak:'));
  const match = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary);
  if (!match) throw new Error(`No true peak in ffmpeg's answer: ${summary}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

/** Stream facts ffmpeg reads from a file's header: duration (s), sample rate, channels. */
export function ffmpegFacts(file: string): { durationSeconds: number; sampleRate: number; channels: number } {
  const result = spawnSync(ffmpeg.path, ['-hide_banner', '-i', file]);
  const text = result.stderr.toString();
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(text);
  const stream = /Audio: [^,]+, (\d+) Hz, (mono|stereo)/.exec(text);
  if (!duration || !stream) throw new Error(`ffmpeg could not read ${file}: ${text}`);
  return {
    durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    sampleRate: Number(stream[1]),
    channels: stream[2] === 'stereo' ? 2 : 1,
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Normalised cross-correlation of `template` with `signal` at every lag (0..1 in size, 1 where the
 * signal holds the template exactly, at any level), computed through FFTs (fft.js) so a whole
 * minute is searched sample by sample.
 */
export function correlation(signal: Float32Array, template: Float32Array): Float32Array {
  let size = 1;
  while (size < signal.length + template.length) size *= 2;
  const fft = new FFT(size);
  const spectrum = (samples: Float32Array) => {
    const padded = new Array<number>(size).fill(0);
    samples.forEach((value, i) => (padded[i] = value));
    const out = fft.createComplexArray() as number[];
    fft.realTransform(out, padded);
    fft.completeSpectrum(out);
    return out;
  };
  const a = spectrum(signal);
  const b = spectrum(template);
  const product = fft.createComplexArray() as number[];
  for (let k = 0; k < size; k++) {
    const [ar, ai, br, bi] = [a[2 * k]!, a[2 * k + 1]!, b[2 * k]!, b[2 * k + 1]!];
    // a times the conjugate of b: correlation, not convolution.
    product[2 * k] = ar * br + ai * bi;
    product[2 * k + 1] = ai * br - ar * bi;
  }
  const raw = fft.createComplexArray() as number[];
  fft.inverseTransform(raw, product);
  const templateNorm = Math.sqrt(template.reduce((sum, value) => sum + value * value, 0));
  const energy = new Float64Array(signal.length + 1);
  for (let i = 0; i < signal.length; i++) energy[i + 1] = energy[i]! + signal[i]! * signal[i]!;
  const lags = Math.max(0, signal.length - template.length + 1);
  const out = new Float32Array(lags);
  for (let lag = 0; lag < lags; lag++) {
    const windowEnergy = energy[lag + template.length]! - energy[lag]!;
    out[lag] = windowEnergy > 0 ? raw[2 * lag]! / (templateNorm * Math.sqrt(windowEnergy)) : 0;
  }
  return out;
}
