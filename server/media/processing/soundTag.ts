/** Where tags go: the first at 2 s (a clip cut from the start still holds one), then every 20 s. */
export const FIRST_TAG_SECONDS = 2;
export const TAG_EVERY_SECONDS = 20;
export const TAG_SECONDS = 1;

/** Three bell notes, "beat-cra-te": E6, B5, G#6, overlapping like a doorbell chime. */
const NOTES = [
  { at: 0, hertz: 1318.51, seconds: 0.4 },
  { at: 0.26, hertz: 987.77, seconds: 0.4 },
  { at: 0.52, hertz: 1661.22, seconds: 0.48 },
] as const;

/** A bell's partials (ratio to the note, level, how fast it dies): inharmonic, so it stands out of any beat. */
const PARTIALS = [
  { ratio: 1, level: 1, decay: 5 },
  { ratio: 2.76, level: 0.45, decay: 9 },
  { ratio: 5.4, level: 0.2, decay: 16 },
] as const;

/**
 * The Beatcrate audio tag: a one-second three-note bell chime, synthesized (no asset), the same
 * at every call for a sample rate, peak 1. Tonal and bright, so it is heard over a beat's low end
 * and found again in the signal by correlation (taggedPreview.test.ts).
 */
export function synthesizeTag(sampleRate: number): Float32Array {
  const out = new Float32Array(Math.round(TAG_SECONDS * sampleRate));
  for (const note of NOTES) {
    const start = Math.round(note.at * sampleRate);
    const end = Math.min(out.length, start + Math.round(note.seconds * sampleRate));
    for (let i = start; i < end; i++) {
      const t = (i - start) / sampleRate;
      // 5 ms attack, and a 20 ms fade at the note's end so it never clicks.
      const edges = Math.min(1, t / 0.005, (end - i) / sampleRate / 0.02);
      let value = 0;
      for (const partial of PARTIALS) value += partial.level * Math.exp(-t * partial.decay) * Math.sin(2 * Math.PI * note.hertz * partial.ratio * t);
      out[i]! += value * edges;
    }
  }
  let loudest = 0;
  for (const value of out) loudest = Math.max(loudest, Math.abs(value));
  for (let i = 0; i < out.length; i++) out[i]! /= loudest;
  return out;
}

/** Sample offsets of the tags in audio of `frames` frames: every tag whole, and at least one (at 0 when 2 s do not fit). */
export function tagOffsets(frames: number, sampleRate: number): number[] {
  const length = Math.round(TAG_SECONDS * sampleRate);
  const offsets: number[] = [];
  for (let seconds = FIRST_TAG_SECONDS; Math.round(seconds * sampleRate) + length <= frames; seconds += TAG_EVERY_SECONDS) {
    offsets.push(Math.round(seconds * sampleRate));
  }
  return offsets.length > 0 ? offsets : [0];
}
