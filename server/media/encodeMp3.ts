const KBPS = 64;
const FRAME = 1152;

/**
 * Mono MP3 with lamejs, pure JavaScript, so `npm start` needs no system encoder. Its package is
 * ESM-only (its CommonJS entry is a browser bundle), hence the dynamic import.
 */
export async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Buffer> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, sampleRate, KBPS);
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767)));
  const parts: Buffer[] = [];
  for (let at = 0; at < pcm.length; at += FRAME) {
    const chunk = encoder.encodeBuffer(pcm.subarray(at, at + FRAME));
    if (chunk.length > 0) parts.push(Buffer.from(chunk));
  }
  parts.push(Buffer.from(encoder.flush()));
  return Buffer.concat(parts);
}
