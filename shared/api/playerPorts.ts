/**
 * The player's audio, as the sagas see it. The browser's engine (wavesurfer.js drawing, Tone.js
 * playing) lives in its own webpack chunk and outside Redux; tests give a fake with the same shape.
 */
export interface AudioSource {
  src: string;
  /** Peaks 0..1 for the waveform; null draws it from the decoded audio instead. */
  peaks: number[] | null;
  /** Seconds, when known beforehand. */
  duration: number | null;
}

export type AudioEngineEvent =
  | { type: 'timeupdate'; seconds: number }
  | { type: 'finish' }
  /** The visitor clicked or finished dragging on the waveform; 0..1. */
  | { type: 'seeked'; fraction: number }
  | { type: 'dragstart' }
  | { type: 'dragend' };

/** The message wavesurfer's media element fails with; SPEC §4: the waveform is rebuilt. */
export const MEDIA_LOAD_ERROR = 'Error loading media element';

export interface AudioEngine {
  /** Loads a preview (fading out what plays); resolves with its duration in seconds once it can play. */
  load(source: AudioSource): Promise<number>;
  /** Starts or resumes with a short fade-in. */
  play(): Promise<void>;
  /** Fades out, then pauses. */
  pause(): Promise<void>;
  /** Fades out, stops and unloads. */
  stop(): Promise<void>;
  /** Moves to 0..1 of the track. */
  seek(fraction: number): void;
  /** 0..1, ramped so that a change never clicks. */
  setVolume(volume: number): void;
  /** Throws the waveform away and draws a new one; the next load uses it. */
  rebuild(): void;
  /** Playback, waveform and drag events; returns the unsubscribe. */
  subscribe(listener: (event: AudioEngineEvent) => void): () => void;
}

/** Loads the engine on first use (the browser: a dynamic import of the audio chunk). */
export interface AudioEngineLoader {
  load(): Promise<AudioEngine>;
}

export type MediaSessionAction =
  | { action: 'previoustrack' | 'nexttrack' | 'play' | 'pause' | 'stop' }
  | { action: 'seekto'; seconds: number };

export interface MediaSessionMetadata {
  title: string;
  artist: string;
  artwork: string | null;
}

/** The operating system's media controls (navigator.mediaSession in the browser). */
export interface MediaSessionPort {
  subscribe(listener: (action: MediaSessionAction) => void): () => void;
  show(metadata: MediaSessionMetadata | null, state: 'playing' | 'paused' | 'none'): void;
}

/** Where the volume is kept between visits (localStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
