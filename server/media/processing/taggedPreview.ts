import { encodeMp3 } from '../encodeMp3';
import { PEAKS_PER_PREVIEW } from '../loopSpec';
import { computePeaks } from '../peaks';
import { integratedLoudness } from './loudness';
import { synthesizeTag, tagOffsets } from './soundTag';

export const PREVIEW_SECONDS = 60;
/** Streaming services' level (Spotify, YouTube): previews sound alike from beat to beat. */
export const TARGET_LUFS = -14;
/** The tag sits 2 LU under the beat: clearly heard, not a blast. */
const TAG_LUFS = TARGET_LUFS - 2;
/** Soft limiting starts at -2.5 dBFS and never passes -0.5 dBFS, headroom for the MP3 encoder's overshoot. */
const LIMIT_FROM = 0.75;
const LIMIT_CEILING = 0.94;
/** Stereo, as a beat is judged by its stereo image; 128 kbps is what BeatStars and Airbit stream. */
const STEREO_KBPS = 128;
const MONO_KBPS = 64;

const gainFor = (measured: number, target: number) => (Number.isFinite(measured) ? 10 ** ((target - measured) / 20) : 1);

function scale(channels: Float32Array[], gain: number): void {
  for (const channel of channels) for (let i = 0; i < channel.length; i++) channel[i]! *= gain;
}

/** Peaks above LIMIT_FROM bend smoothly towards LIMIT_CEILING (a tanh knee) instead of clipping. */
function softLimit(channels: Float32Array[]): void {
  const room = LIMIT_CEILING - LIMIT_FROM;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) {
      const value = channel[i]!;
      const size = Math.abs(value);
      if (size > LIMIT_FROM) channel[i] = Math.sign(value) * (LIMIT_FROM + room * Math.tanh((size - LIMIT_FROM) / room));
    }
  }
}

/**
 * The preview's sound in place: the beat brought to TARGET_LUFS, the tag mixed in at each of
 * tagOffsets at TAG_LUFS, then the mix brought to TARGET_LUFS again and soft-limited. Limiting
 * lowers loudness a little, so the limited mix is measured, corrected and limited once more.
 * Silence stays silent but for the tags. Shared with the
 * demo seed's previews (renderPreview.ts).
 */
export function tagAndNormalise(channels: Float32Array[], sampleRate: number): void {
  scale(channels, gainFor(integratedLoudness(channels, sampleRate), TARGET_LUFS));
  const tag = synthesizeTag(sampleRate);
  const tagGain = gainFor(integratedLoudness(channels.map(() => tag), sampleRate), TAG_LUFS);
  const frames = channels[0]?.length ?? 0;
  for (const offset of tagOffsets(frames, sampleRate)) {
    const end = Math.min(frames, offset + tag.length);
    for (const channel of channels) for (let i = offset; i < end; i++) channel[i]! += tag[i - offset]! * tagGain;
  }
  scale(channels, gainFor(integratedLoudness(channels, sampleRate), TARGET_LUFS));
  softLimit(channels);
  scale(channels, gainFor(integratedLoudness(channels, sampleRate), TARGET_LUFS));
  softLimit(channels);
}

export interface TaggedPreview {
  mp3: Buffer;
  durationSeconds: number;
  /** PEAKS_PER_PREVIEW values 0..1 of the preview as it sounds, for the waveform. */
  peaks: number[];
}

export interface PreviewInput {
  /** PCM, one array per channel; more than two channels keep the first two (left, right). */
  channels: readonly Float32Array[];
  sampleRate: number;
  /** Where the preview starts in `channels`; it runs PREVIEW_SECONDS or to the end. */
  startSeconds?: number;
}

/** The streaming preview of a master: up to 60 s from the start, loudness-normalised, tagged every 20 s, as MP3 with its peaks. */
export async function makeTaggedPreview({ channels, sampleRate, startSeconds = 0 }: PreviewInput): Promise<TaggedPreview> {
  const from = Math.min(channels[0]?.length ?? 0, Math.max(0, Math.round(startSeconds * sampleRate)));
  const to = Math.min(channels[0]?.length ?? 0, from + PREVIEW_SECONDS * sampleRate);
  const preview = channels.slice(0, 2).map((channel) => channel.slice(from, to));
  tagAndNormalise(preview, sampleRate);
  const loudest = new Float32Array(to - from);
  for (const channel of preview) for (let i = 0; i < channel.length; i++) loudest[i] = Math.max(loudest[i]!, Math.abs(channel[i]!));
  const mp3 =
    preview.length === 2
      ? await encodeMp3([preview[0]!, preview[1]!], sampleRate, STEREO_KBPS)
      : await encodeMp3(preview[0]!, sampleRate, MONO_KBPS);
  return { mp3, durationSeconds: Math.round(((to - from) / sampleRate) * 100) / 100, peaks: computePeaks(loudest, PEAKS_PER_PREVIEW) };
}
