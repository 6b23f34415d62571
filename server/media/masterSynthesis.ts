import type { LoopSpec } from './loopSpec';
import { ALL_LAYERS, type Layers, loopBand } from './synthesizeLoop';

/** What a master is delivered at: CD quality, as a buyer's DAW expects. */
export const MASTER_SAMPLE_RATE = 44_100;
/** A song's length on a beat store: about two and a half minutes, rounded to whole 4-bar phrases. */
const MASTER_TARGET_SECONDS = 150;
const PHRASE_BARS = 4;
/** Sample peak of the master: -1 dBFS, so true peaks stay under full scale after any resampling. */
export const MASTER_CEILING = 0.89;
/** How hard the master is driven into its soft clipper: about 9 dB louder than a plain peak normalisation, the band's transients rounded off. */
const DRIVE = 3;
/**
 * A gentle one-pole low-pass after the clipper: its harmonics near Nyquist are what would make
 * true (inter-sample) peaks overshoot the sample peak. Averaging never exceeds its input's bound.
 */
const SMOOTH_HZ = 11_000;
/** The longest sound (the kick) rings this long past its bar; each block keeps room for it. */
const RING_SECONDS = 0.5;

/** The bars of a master at the loop's tempo: a 4-bar intro, the body, a 4-bar outro. */
export function masterBars(bpm: number): number {
  const barSeconds = (4 * 60) / bpm;
  return Math.max(3 * PHRASE_BARS, Math.round(MASTER_TARGET_SECONDS / barSeconds / PHRASE_BARS) * PHRASE_BARS);
}

export interface MasterPlan {
  frames: number;
  sampleRate: number;
  durationSeconds: number;
}

export function masterPlan(spec: LoopSpec, sampleRate = MASTER_SAMPLE_RATE): MasterPlan {
  const frames = Math.round(((masterBars(spec.bpm) * 4 * 60) / spec.bpm) * sampleRate);
  return { frames, sampleRate, durationSeconds: frames / sampleRate };
}

/**
 * Intro: the pad, then the bass joins; body: the whole band; outro: the drums drop out and
 * everything fades, so it ends like a song rather than a cut loop.
 */
function layersOf(bar: number, bars: number): Layers {
  if (bar < PHRASE_BARS) return { drums: false, bass: bar >= PHRASE_BARS / 2, pad: true };
  if (bar >= bars - PHRASE_BARS) return { drums: false, bass: true, pad: true };
  return ALL_LAYERS;
}

/** The gain that brings one phrase of the full band to full scale, measured on a phrase rendered apart. */
function bodyGain(spec: LoopSpec, sampleRate: number): number {
  const band = loopBand(spec, sampleRate);
  const phrase = new Float32Array(Math.round(band.barSamples * PHRASE_BARS));
  for (let bar = 0; bar < PHRASE_BARS; bar++) band.mixBar(phrase, 0, bar, ALL_LAYERS);
  let loudest = 0;
  for (const value of phrase) loudest = Math.max(loudest, Math.abs(value));
  return loudest > 0 ? 1 / loudest : 1;
}

/**
 * The full-length master of a demo beat, from the same LoopSpec (and band) as its preview, one bar
 * at a time so a 2–3 minute master never sits whole in memory: mono float samples, with no audio
 * tag, driven into a tanh soft clipper whose output never passes MASTER_CEILING. Yields exactly
 * `masterPlan(spec).frames` samples.
 */
export function* synthesizeMaster(spec: LoopSpec, sampleRate = MASTER_SAMPLE_RATE): Generator<Float32Array> {
  const { frames } = masterPlan(spec, sampleRate);
  const bars = masterBars(spec.bpm);
  const band = loopBand(spec, sampleRate);
  const gain = bodyGain(spec, sampleRate);
  const outroStart = Math.round((bars - PHRASE_BARS) * band.barSamples);
  const smoothing = Math.exp((-2 * Math.PI * SMOOTH_HZ) / sampleRate);
  let smoothed = 0;
  // Room for one bar and the sounds still ringing from it; what rings on is carried to the next.
  let window = new Float32Array(Math.ceil(band.barSamples) + Math.ceil(RING_SECONDS * sampleRate) + 1);
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.round(bar * band.barSamples);
    const end = bar === bars - 1 ? frames : Math.round((bar + 1) * band.barSamples);
    band.mixBar(window, start, bar, layersOf(bar, bars));
    const block = new Float32Array(end - start);
    for (let i = 0; i < block.length; i++) {
      const at = start + i;
      const fade = at < outroStart ? 1 : 1 - (at - outroStart) / (frames - outroStart);
      smoothed += (1 - smoothing) * (MASTER_CEILING * Math.tanh(DRIVE * gain * window[i]! * fade) - smoothed);
      block[i] = smoothed;
    }
    yield block;
    const next = new Float32Array(window.length);
    next.set(window.subarray(block.length));
    window = next;
  }
}
