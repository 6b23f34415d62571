import { checkDuration } from './audioLimits';
import { type AudioFormat, AudioRejected } from './audioRejected';
import type { DecodedAudio } from './decodedAudio';
import { openAudio } from './openAudio';
import { sniffAudio } from './sniffAudio';
import { makeTaggedPreview, PREVIEW_SECONDS } from './taggedPreview';

export interface AudioFacts {
  format: AudioFormat;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
}

export interface ProcessedMaster extends AudioFacts {
  previewMp3: Buffer;
  previewDurationSeconds: number;
  peaks: number[];
}

export interface ProcessOptions {
  /** Where the producer wants the preview to start; 0 when they chose nothing. */
  previewStartSeconds?: number;
}

const seconds = (frames: number, sampleRate: number) => Math.round((frames / sampleRate) * 1000) / 1000;

/** The preview keeps the first two channels (left, right): more are read past, not kept. */
const PREVIEW_CHANNELS = 2;

/**
 * Reads a master once, from disk as a stream, keeping in memory only the preview's window of PCM
 * (60 s of at most two channels: 21 MB for 44.1 kHz stereo, 184 MB at 384 kHz) and counting every
 * frame for the real duration. A WAV or AIFF stops being read once the window is full: its header
 * states its length exactly, and the window is no longer than the samples the file really holds.
 * FLAC and MP3 are decoded to the end, which also finds damage anywhere in them.
 */
async function readWindow(audio: DecodedAudio, startSeconds: number): Promise<{ window: Float32Array[]; frames: number }> {
  const from = Math.round(startSeconds * audio.sampleRate);
  const capacity = Math.max(0, Math.min(PREVIEW_SECONDS * audio.sampleRate, (audio.declaredFrames ?? Infinity) - from));
  const window = Array.from({ length: Math.min(audio.channels, PREVIEW_CHANNELS) }, () => new Float32Array(capacity));
  let filled = 0;
  let frames = 0;
  for await (const block of audio.blocks) {
    const length = block[0]!.length;
    const skip = Math.max(0, from - frames);
    const take = Math.min(length - skip, capacity - filled);
    if (take > 0) {
      window.forEach((channel, index) => channel.set(block[index]!.subarray(skip, skip + take), filled));
      filled += take;
    }
    frames += length;
    if (audio.declaredFrames !== null && filled === capacity) {
      await audio.blocks.return(undefined);
      return { window, frames: audio.declaredFrames };
    }
  }
  return { window: window.map((channel) => channel.subarray(0, filled)), frames };
}

/** Format, real duration, sample rate and channels of a master; throws AudioRejected for a file we cannot read. */
export async function probeAudio(filePath: string): Promise<AudioFacts> {
  const { format } = await sniffAudio(filePath);
  const audio = await openAudio(filePath, format);
  let frames = audio.declaredFrames ?? 0;
  if (audio.declaredFrames === null) for await (const block of audio.blocks) frames += block[0]!.length;
  else await audio.blocks.return(undefined);
  if (frames === 0) throw new AudioRejected(`The master holds no audio.`);
  return { format, durationSeconds: seconds(frames, audio.sampleRate), sampleRate: audio.sampleRate, channels: audio.channels };
}

/**
 * The whole processing of an uploaded master on the calling thread: its facts, its tagged
 * preview and the preview's peaks. processMaster.ts runs it on a worker thread.
 */
export async function processMasterHere(filePath: string, { previewStartSeconds = 0 }: ProcessOptions = {}): Promise<ProcessedMaster> {
  const { format } = await sniffAudio(filePath);
  const audio = await openAudio(filePath, format);
  // A WAV or AIFF states its length: one too short is refused before its samples are read.
  if (audio.declaredFrames !== null) {
    if (audio.declaredFrames === 0) throw new AudioRejected('The master holds no audio.');
    checkDuration(seconds(audio.declaredFrames, audio.sampleRate));
  }
  const { window, frames } = await readWindow(audio, previewStartSeconds);
  if (frames === 0) throw new AudioRejected('The master holds no audio.');
  const durationSeconds = seconds(frames, audio.sampleRate);
  checkDuration(durationSeconds);
  if (window[0]!.length === 0) {
    throw new AudioRejected(`The preview cannot start at ${previewStartSeconds} s: the master is only ${durationSeconds} s long.`);
  }
  const preview = await makeTaggedPreview({ channels: window, sampleRate: audio.sampleRate });
  return {
    format,
    durationSeconds,
    sampleRate: audio.sampleRate,
    channels: audio.channels,
    previewMp3: preview.mp3,
    previewDurationSeconds: preview.durationSeconds,
    peaks: preview.peaks,
  };
}
