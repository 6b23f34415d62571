import { KEYS } from '../../shared/domain/catalogue/filterOptions';
import { type LoopSpec, type LoopStyle, PREVIEW_SAMPLE_RATE } from './loopSpec';

const STEPS_PER_BAR = 16;
const TARGET_SECONDS = 24;

/** Which of the 16 steps of a bar each drum plays on, per style. */
const PATTERNS: Record<LoopStyle, { kick: number[]; snare: number[]; hat: number[]; swing: number }> = {
  trap: { kick: [0, 7, 10], snare: [8], hat: [0, 2, 4, 6, 8, 10, 12, 13, 14, 15], swing: 0 },
  boombap: { kick: [0, 7, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14], swing: 0.12 },
  house: { kick: [0, 4, 8, 12], snare: [4, 12], hat: [2, 6, 10, 14], swing: 0 },
  lofi: { kick: [0, 9], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14], swing: 0.18 },
  afro: { kick: [0, 6, 10], snare: [12], hat: [0, 3, 6, 8, 11, 14], swing: 0.05 },
};

/** Scale degrees (semitones from the tonic) of the four chords, one per bar. */
const PROGRESSIONS = { minor: [0, 8, 3, 10], major: [0, 7, 9, 5] } as const;
const TRIADS = { minor: [0, 3, 7], major: [0, 4, 7] } as const;
/** Chord quality for each progression step: i VI III VII in minor, I V vi IV in major. */
const QUALITIES = { minor: ['minor', 'major', 'major', 'major'], major: ['major', 'major', 'minor', 'major'] } as const;

/** mulberry32: a small seeded generator, so noise (snares, hats) is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

function kick(rate: number): Float32Array {
  const out = new Float32Array(Math.floor(rate * 0.4));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    phase += (2 * Math.PI * (45 + 110 * Math.exp(-t * 30))) / rate;
    out[i] = Math.sin(phase) * Math.exp(-t * 7);
  }
  return out;
}

function snare(rate: number, noise: () => number): Float32Array {
  const out = new Float32Array(Math.floor(rate * 0.2));
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    out[i] = ((noise() * 2 - 1) * 0.6 + Math.sin(2 * Math.PI * 185 * t) * 0.4) * Math.exp(-t * 22);
  }
  return out;
}

function hat(rate: number, noise: () => number): Float32Array {
  const out = new Float32Array(Math.floor(rate * 0.05));
  let previous = 0;
  for (let i = 0; i < out.length; i++) {
    const white = noise() * 2 - 1;
    // The difference of successive noise samples keeps only the bright part: a cheap high-pass.
    out[i] = (white - previous) * 0.25 * Math.exp((-i / rate) * 90);
    previous = white;
  }
  return out;
}

function mixIn(target: Float32Array, sound: Float32Array, at: number, gain: number): void {
  const end = Math.min(target.length, at + sound.length);
  for (let i = at; i < end; i++) target[i]! += sound[i - at]! * gain;
}

/** Bars of about 24 seconds at the loop's tempo, a whole number of 4-bar chord cycles where possible. */
export function loopBars(bpm: number): number {
  const barSeconds = (4 * 60) / bpm;
  return Math.max(4, Math.round(TARGET_SECONDS / barSeconds / 4) * 4 || 4);
}

/** Which parts play in a bar: a master's intro and outro leave some out. */
export interface Layers {
  drums: boolean;
  bass: boolean;
  pad: boolean;
}

export const ALL_LAYERS: Layers = { drums: true, bass: true, pad: true };

/** A loop's sounds, ready to be played bar after bar; each bar consumes the spec's noise in turn. */
export interface LoopBand {
  /** Samples per bar (not a whole number: bars start at their rounded position). */
  barSamples: number;
  /**
   * Mixes bar `bar` of the loop into `out`, whose first sample is sample `origin` of the whole
   * piece; hits that ring past `out`'s end are cut, so a caller streaming bars keeps room for them.
   */
  mixBar(out: Float32Array, origin: number, bar: number, layers: Layers): void;
}

/**
 * The loop's drums in the style's pattern, a bass on each chord's root and a soft three-voice pad,
 * four chords over four bars. Shared by the preview loop and the full-length master
 * (masterSynthesis.ts), so both are the same music.
 */
export function loopBand(spec: LoopSpec, rate: number): LoopBand {
  const noise = random(spec.seed);
  const pattern = PATTERNS[spec.style];
  const stepSamples = (60 / spec.bpm / 4) * rate;
  const barSamples = stepSamples * STEPS_PER_BAR;
  const sounds = { kick: kick(rate), snare: snare(rate, noise), hat: hat(rate, noise) };
  const tonic = 36 + KEYS.indexOf(spec.key);

  const mixBar = (out: Float32Array, origin: number, bar: number, layers: Layers) => {
    if (layers.drums) {
      for (let step = 0; step < STEPS_PER_BAR; step++) {
        const swing = step % 2 === 1 ? pattern.swing * stepSamples : 0;
        const at = Math.round(bar * barSamples + step * stepSamples + swing) - origin;
        if (pattern.kick.includes(step)) mixIn(out, sounds.kick, at, 0.9);
        if (pattern.snare.includes(step)) mixIn(out, sounds.snare, at, 0.55);
        // The last bar of every four rolls its hats on every step.
        if (pattern.hat.includes(step) || (spec.style === 'trap' && bar % 4 === 3 && step >= 12)) {
          mixIn(out, sounds.hat, at, 0.35 + noise() * 0.15);
        }
      }
    }
    if (!layers.bass && !layers.pad) return;
    const degree = PROGRESSIONS[spec.scale][bar % 4]!;
    const quality = QUALITIES[spec.scale][bar % 4]!;
    const root = tonic + degree;
    const voices = TRIADS[quality].map((interval) => frequency(root + 24 + interval));
    const bass = frequency(root);
    const start = Math.round(bar * barSamples);
    const end = Math.min(origin + out.length, Math.round((bar + 1) * barSamples));
    const padGain = layers.pad ? 0.06 : 0;
    const bassGain = layers.bass ? 0.35 : 0;
    for (let i = start; i < end; i++) {
      const t = (i - start) / rate;
      const absolute = i / rate;
      const envelope = Math.min(1, t * 20) * Math.exp(-t * 0.6);
      let pad = 0;
      for (const f of voices) pad += Math.sin(2 * Math.PI * f * absolute) + 0.3 * Math.sin(4 * Math.PI * f * absolute);
      const b = Math.tanh(1.6 * Math.sin(2 * Math.PI * bass * absolute)) * Math.exp(-((t * spec.bpm) / 60 % 1) * 2.5);
      out[i - origin]! += pad * padGain * envelope + b * bassGain;
    }
  };
  return { barSamples, mixBar };
}

/** A short beat in the loop's key and tempo (loopBand), whole bars of it. Mono, normalised to -1 dB. */
export function synthesizeLoop(spec: LoopSpec, rate = PREVIEW_SAMPLE_RATE): Float32Array {
  const band = loopBand(spec, rate);
  const bars = loopBars(spec.bpm);
  const out = new Float32Array(Math.round(band.barSamples * bars));
  for (let bar = 0; bar < bars; bar++) band.mixBar(out, 0, bar, ALL_LAYERS);

  let loudest = 0;
  for (const value of out) loudest = Math.max(loudest, Math.abs(value));
  const gain = loudest > 0 ? 0.89 / loudest : 1;
  for (let i = 0; i < out.length; i++) out[i]! *= gain;
  return out;
}
