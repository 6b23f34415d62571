import { AudioRejected } from './audioRejected';
import { PREVIEW_SECONDS } from './taggedPreview';

/** Telephone quality to the highest rate studio converters record at; anything outside is a damaged or forged header. */
export const SAMPLE_RATES = { lowest: 8_000, highest: 384_000 } as const;
/** A beat holds at least its own preview. */
export const SHORTEST_MASTER_SECONDS = PREVIEW_SECONDS;
export const MOST_CHANNELS = 8;

const khz = (hertz: number) => `${hertz / 1000} kHz`;

/**
 * Refuses a sample rate outside SAMPLE_RATES, before anything is sized by it: the preview's PCM,
 * the tag, the loudness filters' copies and the encoder's input all scale with the rate, and
 * typed arrays live outside the processing thread's heap cap, so a forged rate in a header would
 * take the server's memory, not the thread's.
 */
export function checkSampleRate(sampleRate: number): void {
  if (!(sampleRate >= SAMPLE_RATES.lowest && sampleRate <= SAMPLE_RATES.highest)) {
    throw new AudioRejected(
      `The master's sample rate is ${sampleRate.toLocaleString('en-US')} Hz; export it at a rate from ${khz(SAMPLE_RATES.lowest)} to ${khz(SAMPLE_RATES.highest)} (44.1 or 48 kHz is usual).`,
    );
  }
}

export function checkChannels(channels: number): void {
  if (channels > MOST_CHANNELS) throw new AudioRejected(`The master has ${channels} channels; upload a stereo or mono mix.`);
}

/** Refuses a master shorter than its preview. */
export function checkDuration(durationSeconds: number): void {
  if (durationSeconds < SHORTEST_MASTER_SECONDS) {
    throw new AudioRejected(`The master is ${durationSeconds} s long; a beat must be at least ${SHORTEST_MASTER_SECONDS} s, the length of its preview.`);
  }
}
