export interface WavFormat {
  sampleRate: number;
  channels: number;
  bitsPerSample: 8 | 16 | 24 | 32;
}

const CD: WavFormat = { sampleRate: 44_100, channels: 2, bitsPerSample: 16 };

/**
 * A WAV: a valid RIFF/WAVE header (16-bit stereo 44.1 kHz unless `format` says otherwise, whatever
 * it says, a rate of 71 MHz included) over `dataBytes` bytes of `fill`. Deliveries are sniffed from
 * their first bytes, not trusted by their names, so tests send these.
 */
export function wavBytes(dataBytes: number, fill = 7, format: Partial<WavFormat> = {}): Buffer {
  const { sampleRate, channels, bitsPerSample } = { ...CD, ...format };
  const blockAlign = (channels * bitsPerSample) / 8;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes, fill)]);
}

/** `seconds` of a WAV in `format`: its data's length in bytes, whole frames. */
export const wavDataBytes = (seconds: number, format: Partial<WavFormat> = {}): number => {
  const { sampleRate, channels, bitsPerSample } = { ...CD, ...format };
  return Math.round(seconds * sampleRate) * ((channels * bitsPerSample) / 8);
};
