import type {
  AudioEngine,
  AudioEngineLoader,
  MediaSessionAction,
  MediaSessionPort,
} from '../../../shared/api/playerPorts';

let waveform: HTMLDivElement | null = null;

/**
 * The element wavesurfer draws into. It belongs to the engine, not to React: the player bar
 * borrows it while mounted, so the waveform survives the bar switching between full and mini.
 */
export function waveformElement(): HTMLDivElement {
  if (!waveform) {
    waveform = document.createElement('div');
    waveform.className = 'player__wave';
  }
  return waveform;
}

/** Loads wavesurfer.js and Tone.js as a chunk of their own, on the first play only. */
export function createAudioEngineLoader(): AudioEngineLoader {
  let loading: Promise<AudioEngine> | null = null;
  return {
    load() {
      loading ??= import(/* webpackChunkName: "audio" */ './audio/toneWaveEngine').then(
        ({ createToneWaveEngine }) => createToneWaveEngine(waveformElement()),
        (error: unknown) => {
          // A failed chunk download is tried again on the next play.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

const BUTTON_ACTIONS = ['previoustrack', 'nexttrack', 'play', 'pause', 'stop'] as const;

/** navigator.mediaSession, when the browser has it. */
export function browserMediaSession(): MediaSessionPort | undefined {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return undefined;
  const session = navigator.mediaSession;
  const setHandler = (action: MediaSessionAction['action'], handler: MediaSessionActionHandler | null) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // This browser does not offer that control.
    }
  };
  return {
    subscribe(listener) {
      for (const action of BUTTON_ACTIONS) setHandler(action, () => listener({ action }));
      setHandler('seekto', (details) => listener({ action: 'seekto', seconds: details.seekTime ?? 0 }));
      return () => {
        for (const action of [...BUTTON_ACTIONS, 'seekto'] as const) setHandler(action, null);
      };
    },
    show(metadata, state) {
      session.metadata = metadata
        ? new MediaMetadata({
            title: metadata.title,
            artist: metadata.artist,
            artwork: metadata.artwork ? [{ src: metadata.artwork }] : [],
          })
        : null;
      session.playbackState = state;
    },
  };
}
