/**
 * A master the processing refuses, with a message written for the producer who uploaded it. Any
 * other error thrown while processing is our bug, not the producer's file.
 */
export class AudioRejected extends Error {
  override readonly name = 'AudioRejected';
}

export type AudioFormat = 'wav' | 'aiff' | 'flac' | 'mp3';

export const FORMAT_NAMES: Record<AudioFormat, string> = { wav: 'WAV', aiff: 'AIFF', flac: 'FLAC', mp3: 'MP3' };

/** "The FLAC file is damaged: …", the one wording every decoder uses for a file it cannot read. */
export function damaged(format: AudioFormat, reason: string): AudioRejected {
  return new AudioRejected(`The ${FORMAT_NAMES[format]} file is damaged: ${reason}.`);
}
