/**
 * Integrated loudness after ITU-R BS.1770-4 (the meter EBU R128 uses), for mono or stereo.
 * Written here rather than taken from npm: the one WebAssembly port (ebur128-wasm) has a few
 * thousand users, and the algorithm is short and pinned by loudness.test.ts against the
 * standard's coefficient table and its reference tones.
 */

/** Biquad coefficients, a0 normalised to 1. */
export interface Biquad {
  b: [number, number, number];
  a: [number, number];
}

/**
 * The two K-weighting stages (a high shelf for the head, a high-pass "RLB" curve) for any sample
 * rate, from the analogue prototype as libebur128 derives them; at 48 kHz they equal the table
 * in BS.1770.
 */
export function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  const vh = 10 ** (3.999843853973347 / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf: Biquad = {
    b: [(vh + (vb * k) / shelfQ + k * k) / a0, (2 * (k * k - vh)) / a0, (vh - (vb * k) / shelfQ + k * k) / a0],
    a: [(2 * (k * k - 1)) / a0, (1 - k / shelfQ + k * k) / a0],
  };
  const passQ = 0.5003270373238773;
  k = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  a0 = 1 + k / passQ + k * k;
  const highPass: Biquad = { b: [1, -2, 1], a: [(2 * (k * k - 1)) / a0, (1 - k / passQ + k * k) / a0] };
  return [shelf, highPass];
}

function filtered(samples: Float32Array, stages: Biquad[]): Float64Array {
  const out = Float64Array.from(samples);
  for (const { b, a } of stages) {
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < out.length; i++) {
      const x = out[i]!;
      const y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
  }
  return out;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const loudnessOf = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/**
 * Integrated loudness in LUFS of channels (left and right weigh 1, as BS.1770 gives them): mean
 * squares of K-weighted 400 ms blocks overlapping by 75 %, gated at -70 LUFS and then 10 LU below
 * the mean of what passed. -Infinity for silence or audio shorter than one block.
 */
export function integratedLoudness(channels: readonly Float32Array[], sampleRate: number): number {
  // A 400 ms block overlapping by 75 % is four 100 ms quarters: sum each quarter once.
  const quarter = Math.round(0.1 * sampleRate);
  const quarters = new Float64Array(Math.floor((channels[0]?.length ?? 0) / quarter));
  for (const channel of channels) {
    const weighted = filtered(channel, kWeighting(sampleRate));
    for (let q = 0; q < quarters.length; q++) {
      let sum = 0;
      for (let i = q * quarter; i < (q + 1) * quarter; i++) sum += weighted[i]! * weighted[i]!;
      quarters[q]! += sum;
    }
  }
  const powers: number[] = [];
  for (let q = 0; q + 4 <= quarters.length; q++) powers.push((quarters[q]! + quarters[q + 1]! + quarters[q + 2]! + quarters[q + 3]!) / (4 * quarter));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const audible = powers.filter((power) => loudnessOf(power) > ABSOLUTE_GATE_LUFS);
  if (audible.length === 0) return -Infinity;
  const relativeGate = loudnessOf(mean(audible)) + RELATIVE_GATE_LU;
  const gated = audible.filter((power) => loudnessOf(power) > relativeGate);
  return loudnessOf(mean(gated));
}
