import fs from 'node:fs/promises';
import { type AudioFormat, AudioRejected } from './audioRejected';

export const NOT_AUDIO = 'The master is not a WAV, AIFF, FLAC or MP3 file.';
export const EMPTY_MASTER = 'The master is an empty file.';
/** file-type reads at most this many bytes from a file's start. */
export const SNIFF_BYTES = 4100;

/** file-type's answer for each format we accept; AIFF-C shares AIFF's `aif`. */
const BY_EXTENSION: Record<string, AudioFormat> = { wav: 'wav', aif: 'aiff', flac: 'flac', mp3: 'mp3' };

function acceptedFormat(detected: { ext: string } | undefined): AudioFormat {
  const format = detected && BY_EXTENSION[detected.ext];
  if (!format) throw new AudioRejected(NOT_AUDIO);
  return format;
}

/**
 * The master's format, read from its first bytes with file-type (magic numbers, and MPEG frame
 * sync for an MP3 without an ID3 tag), never from its name: a PNG named beat.wav is refused.
 * Throws AudioRejected for an empty file or anything else.
 */
export async function sniffAudio(filePath: string): Promise<{ format: AudioFormat }> {
  const { size } = await fs.stat(filePath);
  if (size === 0) throw new AudioRejected(EMPTY_MASTER);
  const { fileTypeFromFile } = await import('file-type');
  return { format: acceptedFormat(await fileTypeFromFile(filePath)) };
}

/** The same check on the first SNIFF_BYTES of an upload, before the rest of it is stored. */
export async function sniffAudioHead(head: Buffer): Promise<{ format: AudioFormat }> {
  if (head.length === 0) throw new AudioRejected(EMPTY_MASTER);
  const { fileTypeFromBuffer } = await import('file-type');
  return { format: acceptedFormat(await fileTypeFromBuffer(head)) };
}
