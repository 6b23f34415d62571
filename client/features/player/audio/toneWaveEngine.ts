// Deep imports on purpose: Tone's index creates a global context (and a blob Worker, which our CSP
// refuses) as soon as it is imported. We build our own context with a timeout clock instead.
import { Context } from 'tone/build/esm/core/context/Context.js';
import { Gain } from 'tone/build/esm/core/context/Gain.js';
import { setContext } from 'tone/build/esm/core/context/GlobalContext.js';
import { connect } from 'tone/build/esm/core/context/ToneAudioNode.js';
import WaveSurfer from 'wavesurfer.js';
import { type AudioEngine, type AudioEngineEvent, type AudioSource, MEDIA_LOAD_ERROR } from '../../../../shared/api/playerPorts';

/** Fade on pause, stop and track change: long enough to avoid a click, short enough to feel immediate. */
const FADE_SECONDS = 0.08;
/** Volume slider moves are ramped over this, so dragging it never clicks. */
const VOLUME_RAMP_SECONDS = 0.05;

const WAVE_COLOR = '#4b4f63';
const PROGRESS_COLOR = '#ff4f5e';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The browser's player engine: one <audio> element played through a Tone.js graph
 * (media element → fade gain → volume gain → speakers), drawn by wavesurfer.js into `container`.
 */
export function createToneWaveEngine(container: HTMLElement): AudioEngine {
  const media = document.createElement('audio');
  media.preload = 'auto';
  // Previews may come from the file host: without CORS, Web Audio would hear only silence.
  media.crossOrigin = 'anonymous';
  // In the document (outside React's root) so that the page's audio shows in devtools and tests.
  media.hidden = true;
  media.className = 'player__media';
  document.body.append(media);
  const context = new Context({ clockSource: 'timeout', latencyHint: 'playback' });
  // Tone's nodes read their defaults from the global context: ours, or Tone would make its own.
  setContext(context);
  // A media element can be connected to one graph once in its life: it outlives every waveform.
  const source = context.createMediaElementSource(media);
  const fade = new Gain({ context, gain: 0 });
  const volume = new Gain({ context, gain: 1 });
  connect(source, fade);
  fade.connect(volume);
  connect(volume, context.rawContext.destination as unknown as AudioNode);

  const listeners = new Set<(event: AudioEngineEvent) => void>();
  const emit = (event: AudioEngineEvent) => listeners.forEach((listener) => listener(event));
  // Each pause or play bumps it, so a fade that finishes after a newer command does not act.
  let generation = 0;

  media.addEventListener('timeupdate', () => emit({ type: 'timeupdate', seconds: media.currentTime }));

  const build = () => {
    const waveSurfer = WaveSurfer.create({
      container,
      media,
      height: 40,
      waveColor: WAVE_COLOR,
      progressColor: PROGRESS_COLOR,
      cursorWidth: 0,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
      dragToSeek: true,
    });
    waveSurfer.on('finish', () => emit({ type: 'finish' }));
    // A click, or the end of a drag, is one seek; the moves in between are not worth recording.
    waveSurfer.on('click', (fraction) => emit({ type: 'seeked', fraction }));
    waveSurfer.on('dragstart', () => emit({ type: 'dragstart' }));
    waveSurfer.on('dragend', (fraction) => {
      emit({ type: 'dragend' });
      emit({ type: 'seeked', fraction });
    });
    return waveSurfer;
  };
  let waveSurfer = build();

  const fadeTo = async (value: number) => {
    fade.gain.cancelScheduledValues(context.currentTime);
    fade.gain.rampTo(value, FADE_SECONDS);
    await sleep(FADE_SECONDS * 1000);
  };

  /** Rejects when the media element fails to load, until `signal` ends the wait. */
  const loadFailure = (signal: AbortSignal) =>
    new Promise<never>((_resolve, reject) => {
      media.addEventListener('error', () => reject(new Error(MEDIA_LOAD_ERROR)), { once: true, signal });
    });

  return {
    async load({ src, peaks, duration }: AudioSource) {
      generation += 1;
      if (!media.paused) await fadeTo(0);
      media.pause();
      const loaded = new AbortController();
      try {
        await Promise.race([waveSurfer.load(src, peaks ? [peaks] : undefined, duration ?? undefined), loadFailure(loaded.signal)]);
      } catch (error) {
        throw media.error ? new Error(MEDIA_LOAD_ERROR) : error;
      } finally {
        loaded.abort();
      }
      return waveSurfer.getDuration() || media.duration || 0;
    },
    async play() {
      const mine = (generation += 1);
      await context.resume();
      fade.gain.cancelScheduledValues(context.currentTime);
      fade.gain.setValueAtTime(0, context.currentTime);
      await media.play();
      if (mine === generation) fade.gain.rampTo(1, FADE_SECONDS);
    },
    async pause() {
      const mine = (generation += 1);
      if (media.paused) return;
      await fadeTo(0);
      if (mine === generation) media.pause();
    },
    async stop() {
      generation += 1;
      if (!media.paused) await fadeTo(0);
      media.pause();
      waveSurfer.empty();
      media.removeAttribute('src');
      media.load();
    },
    seek(fraction) {
      if (waveSurfer.getDuration() > 0) waveSurfer.seekTo(Math.min(1, Math.max(0, fraction)));
    },
    setVolume(value) {
      volume.gain.cancelScheduledValues(context.currentTime);
      volume.gain.rampTo(Math.min(1, Math.max(0, value)), VOLUME_RAMP_SECONDS);
    },
    rebuild() {
      waveSurfer.destroy();
      waveSurfer = build();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
