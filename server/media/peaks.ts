/**
 * The waveform the player draws: the loudest sample in each of `count` equal slices, 0..1,
 * rounded to 3 decimals so an answer stays a few kilobytes.
 */
export function computePeaks(samples: Float32Array, count: number): number[] {
  const peaks = new Array<number>(count);
  const slice = samples.length / count;
  for (let index = 0; index < count; index++) {
    const end = Math.min(samples.length, Math.floor((index + 1) * slice));
    let loudest = 0;
    for (let at = Math.floor(index * slice); at < end; at++) {
      const value = Math.abs(samples[at]!);
      if (value > loudest) loudest = value;
    }
    peaks[index] = Math.round(Math.min(1, loudest) * 1000) / 1000;
  }
  return peaks;
}
