import fs from 'node:fs';
import { checkChannels, checkSampleRate } from './audioLimits';
import { damaged } from './audioRejected';
import type { DecodedAudio } from './decodedAudio';

/** How one sample is stored in the file's data. */
interface SampleLayout {
  bytes: number;
  float: boolean;
  littleEndian: boolean;
  /** WAV keeps 8-bit samples unsigned; everything else is signed. */
  unsigned8: boolean;
}

interface PcmHeader {
  sampleRate: number;
  channels: number;
  layout: SampleLayout;
  dataStart: number;
  dataBytes: number;
}

const READ_BYTES = 1 << 20;
const WAVE_FORMAT = { pcm: 1, float: 3, extensible: 0xfffe } as const;

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The 80-bit IEEE 754 extended float AIFF stores its sample rate in. */
function extendedFloat(bytes: Buffer): number {
  const exponent = ((bytes[0]! & 0x7f) << 8) | bytes[1]!;
  const mantissa = bytes.readUInt32BE(2) * 2 ** 32 + bytes.readUInt32BE(6);
  if (exponent === 0 && mantissa === 0) return 0;
  return (bytes[0]! & 0x80 ? -1 : 1) * mantissa * 2 ** (exponent - 16383 - 63);
}

function wavLayout(fmt: Buffer): { channels: number; sampleRate: number; layout: SampleLayout } | string {
  if (fmt.length < 16) return 'its format chunk is cut short';
  let code = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const bits = fmt.readUInt16LE(14);
  if (code === WAVE_FORMAT.extensible) {
    if (fmt.length < 26) return 'its extensible format chunk is cut short';
    code = fmt.readUInt16LE(24);
  }
  const float = code === WAVE_FORMAT.float;
  if (!float && code !== WAVE_FORMAT.pcm) return `it is compressed (format ${code}); export it as plain PCM WAV`;
  if (float ? bits !== 32 && bits !== 64 : ![8, 16, 24, 32].includes(bits)) return `${bits}-bit samples are not supported`;
  return { channels, sampleRate, layout: { bytes: bits / 8, float, littleEndian: true, unsigned8: true } };
}

/** AIFF-C compression types that are plain PCM in another byte order or as floats. */
const AIFC_TYPES: Record<string, { float: boolean; littleEndian: boolean }> = {
  NONE: { float: false, littleEndian: false },
  twos: { float: false, littleEndian: false },
  sowt: { float: false, littleEndian: true },
  fl32: { float: true, littleEndian: false },
  FL32: { float: true, littleEndian: false },
  fl64: { float: true, littleEndian: false },
  FL64: { float: true, littleEndian: false },
};

function aiffLayout(comm: Buffer, aifc: boolean): { channels: number; sampleRate: number; layout: SampleLayout } | string {
  if (comm.length < 18) return 'its COMM chunk is cut short';
  const channels = comm.readUInt16BE(0);
  const bits = comm.readUInt16BE(6);
  const sampleRate = Math.round(extendedFloat(comm.subarray(8, 18)));
  let kind = AIFC_TYPES.NONE!;
  if (aifc) {
    const type = comm.subarray(18, 22).toString('latin1');
    const known = AIFC_TYPES[type];
    if (!known) return `it is compressed (${type.trim() || 'unknown'}); export it as uncompressed AIFF`;
    kind = known;
  }
  const bytes = kind.float ? (bits === 64 ? 8 : 4) : Math.ceil(bits / 8);
  if (!kind.float && ![1, 2, 3, 4].includes(bytes)) return `${bits}-bit samples are not supported`;
  return { channels, sampleRate, layout: { bytes, float: kind.float, littleEndian: kind.littleEndian, unsigned8: false } };
}

type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** What the chunks state: the format description (or what is wrong with it) and where the samples are. */
interface StatedChunks {
  described: ReturnType<typeof wavLayout> | undefined;
  data: { start: number; bytes: number } | undefined;
}

/**
 * Walks the RIFF (WAV) or FORM (AIFF) chunks by their headers within the first `size` bytes,
 * reading only the format chunk's body, so a 300 MB file costs a few small reads here.
 */
async function walkChunks(read: ReadAt, size: number, format: 'wav' | 'aiff'): Promise<StatedChunks> {
  const head = await read(0, 12);
  const wav = format === 'wav';
  const form = head.subarray(8, 12).toString('latin1');
  if (head.length < 12 || (wav ? form !== 'WAVE' : form !== 'AIFF' && form !== 'AIFC')) throw damaged(format, 'its header is not readable');
  let described: StatedChunks['described'];
  let data: StatedChunks['data'];
  for (let at = 12; at + 8 <= size && !(described && data); ) {
    const chunk = await read(at, 8);
    const id = chunk.subarray(0, 4).toString('latin1');
    const length = wav ? chunk.readUInt32LE(4) : chunk.readUInt32BE(4);
    const body = at + 8;
    if (wav && id === 'fmt ') described = wavLayout(await read(body, Math.min(length, 64)));
    if (!wav && id === 'COMM') described = aiffLayout(await read(body, Math.min(length, 64)), form === 'AIFC');
    if (wav && id === 'data') data = { start: body, bytes: length };
    if (!wav && id === 'SSND') {
      // SSND opens with an offset to the first sample and a block size, then the samples.
      const offset = (await read(body, 4)).readUInt32BE(0);
      data = { start: body + 8 + offset, bytes: length - 8 - offset };
    }
    at = body + length + (length % 2);
  }
  return { described, data };
}

/**
 * The format a header states, checked before anything is sized by it: a sample rate from 8 to
 * 384 kHz, at most 8 channels (audioLimits.ts).
 */
function checkedLayout(format: 'wav' | 'aiff', described: StatedChunks['described']): Exclude<StatedChunks['described'], string | undefined> {
  if (typeof described === 'string') throw damaged(format, described);
  if (!described) throw damaged(format, 'it has no format description');
  if (described.channels < 1 || described.sampleRate < 1) throw damaged(format, 'its header states no channels or no sample rate');
  checkSampleRate(described.sampleRate);
  checkChannels(described.channels);
  return described;
}

async function readHeader(filePath: string, format: 'wav' | 'aiff'): Promise<PcmHeader> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const { described, data } = await walkChunks((position, length) => readAt(handle, position, length), size, format);
    const layout = checkedLayout(format, described);
    if (!data) throw damaged(format, 'it has no audio data');
    if (data.start + data.bytes > size) throw damaged(format, 'it ends before its audio data does (was the upload cut short?)');
    return { ...layout, dataStart: data.start, dataBytes: data.bytes };
  } finally {
    await handle.close();
  }
}

/**
 * What the first bytes of an upload's WAV or AIFF state, judged as processing will judge them
 * (throws AudioRejected): its format, rate and channels, and its length, which the data chunk's
 * size states. Null when those chunks lie beyond `head`: processing reads them from the file.
 */
export async function statedInHead(head: Buffer, format: 'wav' | 'aiff'): Promise<{ sampleRate: number; channels: number; durationSeconds: number } | null> {
  const beyondHead = new Error('beyond the head');
  const read: ReadAt = async (position, length) => {
    if (position + length > head.length) throw beyondHead;
    return head.subarray(position, position + length);
  };
  let stated: StatedChunks;
  try {
    stated = await walkChunks(read, head.length, format);
  } catch (error) {
    if (error === beyondHead) return null;
    throw error;
  }
  const { described, data } = stated;
  if (!described || !data) return null;
  const layout = checkedLayout(format, described);
  const frames = Math.floor(data.bytes / (layout.layout.bytes * layout.channels));
  return { sampleRate: layout.sampleRate, channels: layout.channels, durationSeconds: Math.round((frames / layout.sampleRate) * 1000) / 1000 };
}

function sampleReader(layout: SampleLayout): (buffer: Buffer, at: number) => number {
  const { bytes, float, littleEndian: le, unsigned8 } = layout;
  if (float) {
    if (bytes === 8) return le ? (b, at) => b.readDoubleLE(at) : (b, at) => b.readDoubleBE(at);
    return le ? (b, at) => b.readFloatLE(at) : (b, at) => b.readFloatBE(at);
  }
  const scale = 2 ** (8 * bytes - 1);
  if (bytes === 1) return unsigned8 ? (b, at) => (b[at]! - 128) / 128 : (b, at) => b.readInt8(at) / 128;
  return le ? (b, at) => b.readIntLE(at, bytes) / scale : (b, at) => b.readIntBE(at, bytes) / scale;
}

/** Reads the data chunk as a stream, a megabyte at a time, and yields whole frames as float32. */
async function* pcmBlocks(filePath: string, header: PcmHeader): AsyncGenerator<Float32Array[]> {
  const { channels, layout } = header;
  const frameBytes = layout.bytes * channels;
  const read = sampleReader(layout);
  const usable = header.dataBytes - (header.dataBytes % frameBytes);
  if (usable === 0) return;
  let carry: Buffer = Buffer.alloc(0);
  const stream = fs.createReadStream(filePath, { start: header.dataStart, end: header.dataStart + usable - 1, highWaterMark: READ_BYTES });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, piece]) : piece;
    const frames = Math.floor(bytes.length / frameBytes);
    const block = Array.from({ length: channels }, () => new Float32Array(frames));
    for (let frame = 0; frame < frames; frame++) {
      const base = frame * frameBytes;
      for (let channel = 0; channel < channels; channel++) block[channel]![frame] = read(bytes, base + channel * layout.bytes);
    }
    carry = bytes.subarray(frames * frameBytes);
    if (frames > 0) yield block;
  }
}

/** Opens a WAV or AIFF master: its header now, its samples streamed from disk as they are asked for. */
export async function openUncompressed(filePath: string, format: 'wav' | 'aiff'): Promise<DecodedAudio> {
  const header = await readHeader(filePath, format);
  const frameBytes = header.layout.bytes * header.channels;
  return {
    format,
    sampleRate: header.sampleRate,
    channels: header.channels,
    declaredFrames: Math.floor(header.dataBytes / frameBytes),
    blocks: pcmBlocks(filePath, header),
  };
}
