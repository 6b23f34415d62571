import { demoLoops } from '../seed/demoCatalogue';
import { PREVIEW_SAMPLE_RATE } from './loopSpec';
import { computePeaks } from './peaks';
import { loopBars, synthesizeLoop } from './synthesizeLoop';

/** The samples' bytes: toEqual walks half a million samples one by one, for seconds. */
const bytesOf = (samples: Float32Array) => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);

const loop = demoLoops()[0]!;
let synthesized: Float32Array | undefined;
/** Synthesizing a loop takes seconds under jest, so the tests share one. */
const loopAudio = () => (synthesized ??= synthesizeLoop(loop));

describe('preview loops', () => {
  test('the same spec gives the same audio, a different seed different audio', () => {
    const first = bytesOf(loopAudio());
    expect(bytesOf(synthesizeLoop(loop)).equals(first)).toBe(true);
    expect(bytesOf(synthesizeLoop({ ...loop, seed: loop.seed + 1 })).equals(first)).toBe(false);
  });

  test('lasts whole bars at its tempo, about 20–30 s, normalised below full scale', () => {
    const samples = loopAudio();
    const seconds = samples.length / PREVIEW_SAMPLE_RATE;
    expect(seconds).toBeCloseTo((loopBars(loop.bpm) * 4 * 60) / loop.bpm, 2);
    for (const bpm of [60, 90, 128, 160, 250]) {
      const barSeconds = (4 * 60) / bpm;
      expect(loopBars(bpm) * barSeconds).toBeGreaterThanOrEqual(15);
      expect(loopBars(bpm) * barSeconds).toBeLessThanOrEqual(32);
    }
    const loudest = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(loudest).toBeCloseTo(0.89, 2);
  });

  test('the demo loops differ in tempo, key and scale', () => {
    const loops = demoLoops();
    expect(new Set(loops.map((l) => l.id)).size).toBe(loops.length);
    expect(new Set(loops.map((l) => l.key)).size).toBe(12);
    expect(new Set(loops.map((l) => l.scale)).size).toBe(2);
    expect(new Set(loops.map((l) => l.bpm)).size).toBeGreaterThan(15);
  });
});

describe('computePeaks', () => {
  test('the loudest sample of each slice, 0..1', () => {
    expect(computePeaks(new Float32Array([0.1, -0.5, 0.2, 0.3, -1.2, 0]), 3)).toEqual([0.5, 0.3, 1]);
    expect(computePeaks(loopAudio(), 800)).toHaveLength(800);
  });
});
