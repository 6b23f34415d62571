import { Readable } from 'node:stream';

export interface WavFormat {
  sampleRate: number;
  channels: number;
  /** Frames the blocks will hold in all: the header states the data's length before any sample. */
  frames: number;
}

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** The canonical 44-byte RIFF/WAVE header of 16-bit PCM. */
export function wavHeader({ sampleRate, channels, frames }: WavFormat): Buffer {
  const dataBytes = frames * channels * BYTES_PER_SAMPLE;
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(HEADER_BYTES - 8 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(channels * BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Float samples (-1..1) as 16-bit little-endian PCM, clamped, rounded to the nearest step. */
function pcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * BYTES_PER_SAMPLE);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    out.writeInt16LE(Math.round(value < 0 ? value * 0x8000 : value * 0x7fff), i * BYTES_PER_SAMPLE);
  }
  return out;
}

/**
 * A 16-bit PCM WAV file as a stream, written block by block as the blocks (interleaved frames)
 * are made, so a long master never sits whole in memory. The blocks must hold exactly
 * `format.frames` frames, which the header announced.
 */
export function wavStream(blocks: Iterable<Float32Array>, format: WavFormat): Readable {
  function* bytes(): Generator<Buffer> {
    yield wavHeader(format);
    let samples = 0;
    for (const block of blocks) {
      samples += block.length;
      yield pcm16(block);
    }
    if (samples !== format.frames * format.channels) throw new Error(`The WAV's header announced ${format.frames} frames; the audio held ${samples / format.channels}`);
  }
  return Readable.from(bytes());
}
