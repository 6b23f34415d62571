const FRAME = 1152;

function toInt16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767)));
  return pcm;
}

/**
 * MP3 with lamejs, pure JavaScript, so `npm start` needs no system encoder: mono from one array,
 * joint stereo from two. Its package is ESM-only (its CommonJS entry is a browser bundle), hence
 * the dynamic import. Sample rates MP3 lacks (88.2, 96 kHz) are resampled by LAME itself.
 */
export async function encodeMp3(audio: Float32Array | readonly [Float32Array, Float32Array], sampleRate: number, kbps = 64): Promise<Buffer> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const channels = audio instanceof Float32Array ? [audio] : [...audio];
  const encoder = new Mp3Encoder(channels.length, sampleRate, kbps);
  const [left, right] = channels.map(toInt16) as [Int16Array, Int16Array | undefined];
  const parts: Buffer[] = [];
  for (let at = 0; at < left.length; at += FRAME) {
    const chunk = encoder.encodeBuffer(left.subarray(at, at + FRAME), right?.subarray(at, at + FRAME));
    if (chunk.length > 0) parts.push(Buffer.from(chunk));
  }
  parts.push(Buffer.from(encoder.flush()));
  return Buffer.concat(parts);
}
