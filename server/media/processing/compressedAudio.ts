import fs from 'node:fs';
import { checkChannels, checkSampleRate } from './audioLimits';
import { damaged } from './audioRejected';
import type { DecodedAudio } from './decodedAudio';

const READ_BYTES = 256 * 1024;

interface Decoded {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  errors: { message: string }[];
}

/** The part of the wasm-audio-decoders API both decoders share. */
interface StreamDecoder {
  ready: Promise<void>;
  decode(bytes: Uint8Array): Decoded | Promise<Decoded>;
  flush?(): Promise<Decoded>;
  free(): void;
}

async function decoderFor(format: 'flac' | 'mp3'): Promise<StreamDecoder> {
  if (format === 'flac') {
    const { FLACDecoder } = await import('@wasm-audio-decoders/flac');
    return new FLACDecoder();
  }
  const { MPEGDecoder } = await import('mpg123-decoder');
  // Gapless: the encoder's delay and padding (from the LAME header) are cut, so the duration is the real one.
  return new MPEGDecoder({ enableGapless: true });
}

/**
 * FLAC's frames carry CRCs, so any error is damage. mpg123 resynchronises on junk between frames
 * (common in MP3s from many tools) and reports it as an error; an MP3 is refused only when no
 * audio at all decodes from it.
 */
function check(format: 'flac' | 'mp3', decoded: Decoded): void {
  if (format === 'flac' && decoded.errors.length > 0) throw damaged(format, decoded.errors[0]!.message.replace(/\.$/, ''));
}

async function* decodeAll(filePath: string, format: 'flac' | 'mp3', decoder: StreamDecoder): AsyncGenerator<Decoded> {
  try {
    for await (const piece of fs.createReadStream(filePath, { highWaterMark: READ_BYTES }) as AsyncIterable<Buffer>) {
      const decoded = await decoder.decode(new Uint8Array(piece.buffer, piece.byteOffset, piece.length));
      check(format, decoded);
      if (decoded.samplesDecoded > 0) yield decoded;
    }
    if (decoder.flush) {
      const rest = await decoder.flush();
      check(format, rest);
      if (rest.samplesDecoded > 0) yield rest;
    }
  } finally {
    decoder.free();
  }
}

/**
 * The sample count FLAC's STREAMINFO block states (36 bits from byte 21 of the file), or null when
 * the encoder left it 0 (unknown). The decoder drops a frame whose CRC fails without an error, so
 * comparing counts is what finds damage in the middle of a FLAC.
 */
async function flacStatedFrames(filePath: string): Promise<number | null> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(26);
    await handle.read(head, 0, head.length, 0);
    const frames = (head[21]! & 0x0f) * 2 ** 32 + head.readUInt32BE(22);
    return frames > 0 ? frames : null;
  } finally {
    await handle.close();
  }
}

/**
 * Opens a FLAC or MP3 master with a WebAssembly decoder fed from a file stream: the file is never
 * held whole, and the sample rate and channels are those of the first decoded frames.
 */
export async function openCompressed(filePath: string, format: 'flac' | 'mp3'): Promise<DecodedAudio> {
  const stated = format === 'flac' ? await flacStatedFrames(filePath) : null;
  const decoder = await decoderFor(format);
  await decoder.ready;
  const decoded = decodeAll(filePath, format, decoder);
  const first = await decoded.next();
  if (first.done) throw damaged(format, 'no audio could be decoded from it');
  const { sampleRate, channelData } = first.value;
  const channels = channelData.length;
  checkSampleRate(sampleRate);
  checkChannels(channels);
  async function* blocks(): AsyncGenerator<Float32Array[]> {
    let frames = first.value.samplesDecoded;
    yield first.value.channelData;
    for await (const next of decoded) {
      if (next.sampleRate !== sampleRate || next.channelData.length !== channels) {
        throw damaged(format, 'its sample rate or channel count changes part way through');
      }
      frames += next.samplesDecoded;
      yield next.channelData;
    }
    if (stated !== null && frames !== stated) {
      const seconds = (count: number) => (count / sampleRate).toFixed(1);
      throw damaged(format, `only ${seconds(frames)} s of its ${seconds(stated)} s of audio could be read`);
    }
  }
  return { format, sampleRate, channels, declaredFrames: null, blocks: blocks() };
}
