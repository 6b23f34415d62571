import type { AudioFormat } from './audioRejected';
import { openCompressed } from './compressedAudio';
import type { DecodedAudio } from './decodedAudio';
import { openUncompressed } from './uncompressedPcm';

/** Opens a master whose format sniffAudio found, for streamed decoding. */
export function openAudio(filePath: string, format: AudioFormat): Promise<DecodedAudio> {
  return format === 'wav' || format === 'aiff' ? openUncompressed(filePath, format) : openCompressed(filePath, format);
}
