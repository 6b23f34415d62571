import type { MusicalKey, Scale } from '../../shared/domain/catalogue/filterOptions';

export type LoopStyle = 'trap' | 'boombap' | 'house' | 'lofi' | 'afro';

/** Everything a preview loop is synthesized from: the same spec always gives the same audio. */
export interface LoopSpec {
  /** Also the file name: /media/previews/<id>.mp3. */
  id: string;
  bpm: number;
  key: MusicalKey;
  scale: Scale;
  style: LoopStyle;
  seed: number;
}

/** A preview as it is served: its address, length and waveform. */
export interface RenderedPreview {
  src: string;
  durationSeconds: number;
  peaks: number[];
}

export const PREVIEW_SAMPLE_RATE = 22_050;
export const PEAKS_PER_PREVIEW = 800;
