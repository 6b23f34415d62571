import type { AudioFormat } from './audioRejected';

/** A master being decoded: what its header or first frame tells, and its PCM as it is read. */
export interface DecodedAudio {
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  /** Frames the header states exactly (WAV, AIFF), so the duration is known without reading on; null for FLAC and MP3. */
  declaredFrames: number | null;
  /** Float32 PCM in -1..1, one array per channel in each block, blocks of a few thousand frames, in order. */
  blocks: AsyncGenerator<Float32Array[]>;
}
