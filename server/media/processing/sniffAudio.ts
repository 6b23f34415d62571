import fs from 'node:fs/promises';
import { type AudioFormat, AudioRejected } from './audioRejected';

export const NOT_AUDIO = 'The master is not a WAV, AIFF, FLAC or MP3 file.';

/** file-type's answer for each format we accept; AIFF-C shares AIFF's `aif`. */
const BY_EXTENSION: Record<string, AudioFormat> = { wav: 'wav', aif: 'aiff', flac: 'flac', mp3: 'mp3' };

/**
 * The master's format, read from its first bytes with file-type (magic numbers, and MPEG frame
 * sync for an MP3 without an ID3 tag), never from its name: a PNG named beat.wav is refused.
 * Throws AudioRejected for an empty file or anything else.
 */
export async function sniffAudio(filePath: string): Promise<{ format: AudioFormat }> {
  const { size } = await fs.stat(filePath);
  if (size === 0) throw new AudioRejected('The master is an empty file.');
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(filePath);
  const format = detected && BY_EXTENSION[detected.ext];
  if (!format) throw new AudioRejected(NOT_AUDIO);
  return { format };
}
