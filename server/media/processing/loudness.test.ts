import { integratedLoudness, kWeighting } from './loudness';

function sine(hertz: number, amplitude: number, seconds: number, sampleRate: number): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hertz * i) / sampleRate));
}

describe('kWeighting', () => {
  it('gives the coefficients of the table in ITU-R BS.1770-4 at 48 kHz', () => {
    const [shelf, highPass] = kWeighting(48_000);
    const expected = [
      [shelf.b, [1.53512485958697, -2.69169618940638, 1.19839281085285]],
      [shelf.a, [-1.69065929318241, 0.73248077421585]],
      [highPass.b, [1, -2, 1]],
      [highPass.a, [-1.99004745483398, 0.99007225036621]],
    ] as const;
    for (const [actual, wanted] of expected) actual.forEach((value, i) => expect(value).toBeCloseTo(wanted[i]!, 8));
  });
});

describe('integratedLoudness', () => {
  it.each([44_100, 48_000])('reads a 997 Hz full-scale sine at %i Hz as -3.01 LUFS in one channel and 0 LUFS in two (BS.1770 reference)', (rate) => {
    const tone = sine(997, 1, 5, rate);
    expect(integratedLoudness([tone], rate)).toBeCloseTo(-3.01, 1);
    expect(integratedLoudness([tone, tone], rate)).toBeCloseTo(0, 1);
  });

  it('follows the level: 20 dB quieter reads 20 LU lower', () => {
    expect(integratedLoudness([sine(997, 0.1, 5, 48_000)], 48_000)).toBeCloseTo(-23.01, 1);
  });

  it('gates out silence, so a pause does not lower the loudness', () => {
    const tone = sine(997, 0.1, 5, 48_000);
    const withPause = new Float32Array(tone.length * 2);
    withPause.set(tone);
    // Only the few blocks that straddle the end of the tone count a little of the silence.
    expect(Math.abs(integratedLoudness([withPause], 48_000) - integratedLoudness([tone], 48_000))).toBeLessThan(0.2);
  });

  it('weights by frequency: a 100 Hz tone reads quieter than 2 kHz at the same level (the K curve)', () => {
    expect(integratedLoudness([sine(100, 0.5, 3, 48_000)], 48_000)).toBeLessThan(integratedLoudness([sine(2000, 0.5, 3, 48_000)], 48_000) - 3);
  });

  it('is -Infinity for silence and for audio shorter than one 400 ms block', () => {
    expect(integratedLoudness([new Float32Array(48_000)], 48_000)).toBe(-Infinity);
    expect(integratedLoudness([sine(997, 1, 0.3, 48_000)], 48_000)).toBe(-Infinity);
  });
});
