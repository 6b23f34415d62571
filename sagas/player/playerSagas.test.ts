import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import {
  type AudioEngine,
  type AudioEngineEvent,
  type AudioSource,
  MEDIA_LOAD_ERROR,
  type MediaSessionAction,
  type MediaSessionMetadata,
} from '../../shared/api/playerPorts';
import {
  nextRequested,
  pauseRequested,
  type PlayerTrack,
  playRequested,
  previousRequested,
  selectCurrentTrack,
  selectPlayer,
  titleOverflowMeasured,
  toPlayerTrack,
  trackPlayRequested,
  volumeChanged,
} from '../../shared/features/player/playerSlice';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../shared/store/makeStore';
import { aTrack } from '../../test/helpers/fixtures';
import { playerSagas, VOLUME_STORAGE_KEY } from './playerSagas';

const track = (id: number, changes: Parameters<typeof aTrack>[0] = {}): PlayerTrack =>
  toPlayerTrack(aTrack({ id, name: `Track ${id}`, previewTrackSrc: `/media/${id}.mp3`, ...changes }));

/** A playable track, a sold one, one without a preview, then two playable ones. */
const QUEUE = [track(1), track(2, { isSold: true }), track(3, { previewTrackSrc: null }), track(4), track(5)];

/** The engine's side of the port, recording what the sagas asked of it. */
function fakeEngine() {
  const calls: string[] = [];
  let listener: ((event: AudioEngineEvent) => void) | undefined;
  let failures = 0;
  const engine: AudioEngine = {
    async load(source: AudioSource) {
      calls.push(`load ${source.src} ${source.peaks ? 'with peaks' : 'without peaks'}`);
      if (failures > 0) {
        failures -= 1;
        throw new Error(MEDIA_LOAD_ERROR);
      }
      return 30;
    },
    play: async () => void calls.push('play'),
    pause: async () => void calls.push('pause'),
    stop: async () => void calls.push('stop'),
    seek: (fraction) => void calls.push(`seek ${fraction}`),
    setVolume: (volume) => void calls.push(`volume ${volume}`),
    rebuild: () => void calls.push('rebuild'),
    subscribe(next) {
      listener = next;
      return () => (listener = undefined);
    },
  };
  return {
    engine,
    calls,
    emit: (event: AudioEngineEvent) => listener?.(event),
    failNextLoads: (count: number) => (failures = count),
  };
}

function fakeStorage(saved: string | null = null) {
  const values = new Map<string, string>(saved === null ? [] : [[VOLUME_STORAGE_KEY, saved]]);
  const writes: string[] = [];
  return {
    writes,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(value);
      values.set(key, value);
    },
  };
}

function fakeMediaSession() {
  let listener: ((action: MediaSessionAction) => void) | undefined;
  const shown: { metadata: MediaSessionMetadata | null; state: string }[] = [];
  return {
    shown,
    press: (action: MediaSessionAction) => listener?.(action),
    subscribe(next: (action: MediaSessionAction) => void) {
      listener = next;
      return () => (listener = undefined);
    },
    show: (metadata: MediaSessionMetadata | null, state: string) => void shown.push({ metadata, state }),
  };
}

function setup(options: { peaks?: (id: number) => Promise<unknown>; savedVolume?: string | null; chunkFailures?: number } = {}) {
  const requests: string[] = [];
  const peaks = options.peaks ?? (async (id: number) => ({ id, peaks: [0.2, 0.8, 0.5] }));
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      requests.push(`${request.method} ${request.path}`);
      const peaksPath = /^\/audio\/peaks\/(\d+)$/.exec(request.path);
      if (peaksPath) return (await peaks(Number(peaksPath[1]))) as T;
      const playPath = /^\/tracks\/(\d+)\/play$/.exec(request.path);
      if (playPath && request.method === 'POST') return { id: Number(playPath[1]), counted: true, plays: 1 } as T;
      throw new ApiError('unexpected', 500);
    },
  };
  const engine = fakeEngine();
  const storage = fakeStorage(options.savedVolume ?? null);
  const mediaSession = fakeMediaSession();
  let engineLoads = 0;
  let chunkFailures = options.chunkFailures ?? 0;
  const store = makeStore(undefined, {
    sagaContext: {
      api,
      history: { push: () => undefined, replace: () => undefined },
      now: () => new Date(0),
      audio: {
        load: async () => {
          engineLoads++;
          if (chunkFailures > 0) {
            chunkFailures -= 1;
            throw new Error('Loading chunk audio failed');
          }
          return engine.engine;
        },
      },
      storage,
      mediaSession,
    },
  });
  store.runSaga(playerSagas);
  return { store, requests, engine, storage, mediaSession, engineLoads: () => engineLoads, player: () => selectPlayer(store.getState()) };
}

/** Lets promises settle without moving the clock. */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function playing(id = 1, options: Parameters<typeof setup>[0] = {}) {
  const context = setup(options);
  context.store.dispatch(trackPlayRequested({ track: QUEUE.find((item) => item.id === id)!, queue: QUEUE }));
  await settle();
  return context;
}

describe('a track change', () => {
  test('loads the peaks, then the preview, then plays, and records the play with POST /tracks/{id}/play', async () => {
    const { requests, engine, player, engineLoads } = await playing(1);
    expect(requests).toEqual(['GET /audio/peaks/1', 'POST /tracks/1/play']);
    expect(engine.calls).toEqual(['volume 1', 'load /media/1.mp3 with peaks', 'play']);
    expect(player()).toMatchObject({ currentTrackId: 1, isPlaying: true, isLoading: false, duration: 30 });
    expect(engineLoads()).toBe(1);
    // Kept on the track, so a replay of the log draws the waveform the buyer saw.
    expect(player().queue.find((item) => item.id === 1)?.peaks).toEqual([0.2, 0.8, 0.5]);
  });

  test('a track that carries its peaks loads them without a call', async () => {
    const { store, requests, engine } = setup();
    const withPeaks = track(9, { peaks: [0.1, 0.9] });
    store.dispatch(trackPlayRequested({ track: withPeaks, queue: [withPeaks] }));
    await settle();
    expect(requests).toEqual(['POST /tracks/9/play']);
    expect(engine.calls).toContain('load /media/9.mp3 with peaks');
  });

  test('when the peaks fail the preview loads without them and plays', async () => {
    const { requests, engine, player } = await playing(1, {
      peaks: async () => {
        throw new ApiError('No peaks for product 1', 404);
      },
    });
    expect(requests).toEqual(['GET /audio/peaks/1', 'POST /tracks/1/play']);
    expect(engine.calls).toEqual(['volume 1', 'load /media/1.mp3 without peaks', 'play']);
    expect(player().isPlaying).toBe(true);
  });

  test("the load error 'Error loading media element' rebuilds the waveform and loads again", async () => {
    const context = setup();
    context.engine.failNextLoads(1);
    context.store.dispatch(trackPlayRequested({ track: QUEUE[0]!, queue: QUEUE }));
    await settle();
    expect(context.engine.calls).toEqual(['volume 1', 'load /media/1.mp3 with peaks', 'rebuild', 'load /media/1.mp3 with peaks', 'play']);
    expect(context.player()).toMatchObject({ isPlaying: true, isLoading: false });
  });

  test('a preview that fails again leaves the player paused, not loading', async () => {
    const context = setup();
    context.engine.failNextLoads(2);
    context.store.dispatch(trackPlayRequested({ track: QUEUE[0]!, queue: QUEUE }));
    await settle();
    expect(context.engine.calls).not.toContain('play');
    expect(context.player()).toMatchObject({ currentTrackId: 1, isPlaying: false, isLoading: false });
    expect(context.requests).not.toContain('POST /tracks/1/play');
  });

  test('an audio chunk that fails to arrive leaves the player paused; the next play loads it again', async () => {
    const context = setup({ chunkFailures: 1 });
    context.store.dispatch(trackPlayRequested({ track: QUEUE[0]!, queue: QUEUE }));
    await settle();
    expect(context.player()).toMatchObject({ currentTrackId: 1, isPlaying: false, isLoading: false });
    // The bar's play button (or the media keys) tries the same track again.
    context.store.dispatch(playRequested());
    await settle();
    expect(context.engineLoads()).toBe(2);
    expect(context.engine.calls).toEqual(['volume 1', 'load /media/1.mp3 with peaks', 'play']);
    expect(context.player()).toMatchObject({ currentTrackId: 1, isPlaying: true, isLoading: false });
  });

  test('playing the current track again resumes it without reloading or counting it again', async () => {
    const { store, engine, requests, player } = await playing(1);
    store.dispatch(pauseRequested());
    await settle();
    expect(player().isPlaying).toBe(false);
    store.dispatch(trackPlayRequested({ track: QUEUE[0]!, queue: QUEUE }));
    await settle();
    expect(engine.calls).toEqual(['volume 1', 'load /media/1.mp3 with peaks', 'play', 'pause', 'play']);
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual(['POST /tracks/1/play']);
    expect(player().isPlaying).toBe(true);
  });
});

describe('next and previous', () => {
  test('are debounced 500 ms and skip sold tracks and tracks without a preview', async () => {
    const { store, player, engine } = await playing(1);
    store.dispatch(nextRequested());
    await jest.advanceTimersByTimeAsync(499);
    expect(player().currentTrackId).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(player().currentTrackId).toBe(4);
    expect(engine.calls.slice(-2)).toEqual(['load /media/4.mp3 with peaks', 'play']);
  });

  test('three presses 100 ms apart move one track, 500 ms after the last press', async () => {
    const { store, player } = await playing(1);
    store.dispatch(nextRequested());
    await jest.advanceTimersByTimeAsync(100);
    store.dispatch(nextRequested());
    await jest.advanceTimersByTimeAsync(100);
    store.dispatch(nextRequested());
    await jest.advanceTimersByTimeAsync(499);
    expect(player().currentTrackId).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(player().currentTrackId).toBe(4);
    await jest.advanceTimersByTimeAsync(1000);
    expect(player().currentTrackId).toBe(4);
  });

  test('the last press of a burst sets the direction', async () => {
    const { store, player } = await playing(4);
    store.dispatch(nextRequested());
    await jest.advanceTimersByTimeAsync(100);
    store.dispatch(previousRequested());
    await jest.advanceTimersByTimeAsync(500);
    expect(player().currentTrackId).toBe(1);
  });

  test('at the ends of the queue nothing changes', async () => {
    const { store, player, engine } = await playing(1);
    const before = engine.calls.length;
    store.dispatch(previousRequested());
    await jest.advanceTimersByTimeAsync(500);
    expect(player().currentTrackId).toBe(1);
    expect(engine.calls).toHaveLength(before);
  });
});

describe('the end of a track', () => {
  test('rewinds the finished track and plays the next playable one', async () => {
    const { engine, player } = await playing(1);
    engine.emit({ type: 'timeupdate', seconds: 30 });
    engine.emit({ type: 'finish' });
    await settle();
    expect(engine.calls.slice(3)).toEqual(['seek 0', 'load /media/4.mp3 with peaks', 'play']);
    expect(player()).toMatchObject({ currentTrackId: 4, isPlaying: true, currentTime: 0, currentTimeText: '0:00' });
  });

  test('does nothing while the visitor drags on the waveform', async () => {
    const { engine, player } = await playing(1);
    engine.emit({ type: 'dragstart' });
    engine.emit({ type: 'timeupdate', seconds: 30 });
    engine.emit({ type: 'finish' });
    await settle();
    expect(engine.calls.slice(3)).toEqual([]);
    expect(player()).toMatchObject({ currentTrackId: 1, isDragging: true, currentTime: 30 });
    engine.emit({ type: 'dragend' });
    engine.emit({ type: 'seeked', fraction: 0.5 });
    await settle();
    expect(player()).toMatchObject({ isDragging: false, seek: 0.5, currentTimeText: '0:15' });
  });

  test('of the last playable track rewinds it and stops', async () => {
    const { engine, player } = await playing(5);
    engine.emit({ type: 'finish' });
    await settle();
    expect(engine.calls.slice(3)).toEqual(['seek 0']);
    expect(player()).toMatchObject({ currentTrackId: 5, isPlaying: false, seek: 0 });
  });
});

describe('the volume', () => {
  test('is saved to local storage 1000 ms after the last change', async () => {
    const { store, storage, engine } = await playing(1);
    store.dispatch(volumeChanged(0.5));
    await jest.advanceTimersByTimeAsync(500);
    store.dispatch(volumeChanged(0.3));
    await jest.advanceTimersByTimeAsync(999);
    expect(storage.writes).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(storage.writes).toEqual(['0.3']);
    // The engine follows every move at once; only saving waits.
    expect(engine.calls.filter((call) => call.startsWith('volume'))).toEqual(['volume 1', 'volume 0.5', 'volume 0.3']);
  });

  test('is restored at start-up and given to the engine when it loads', async () => {
    const { player, engine } = await playing(1, { savedVolume: '0.25' });
    expect(player().volume).toBe(0.25);
    expect(engine.calls[0]).toBe('volume 0.25');
  });

  test.each(['', 'loud', '1.5', '-0.1'])('a saved value of %j is ignored', async (saved) => {
    const { player } = setup({ savedVolume: saved });
    await settle();
    expect(player().volume).toBe(1);
  });
});

describe('the media session', () => {
  test('shows the track and maps previous, next, play, pause and seek to the player', async () => {
    const { mediaSession, player } = await playing(1);
    expect(mediaSession.shown.at(-1)).toEqual({ metadata: { title: 'Track 1', artist: 'Nova Kade', artwork: null }, state: 'playing' });
    mediaSession.press({ action: 'pause' });
    expect(player().isPlaying).toBe(false);
    expect(mediaSession.shown.at(-1)?.state).toBe('paused');
    mediaSession.press({ action: 'play' });
    expect(player().isPlaying).toBe(true);
    mediaSession.press({ action: 'seekto', seconds: 15 });
    expect(player().seek).toBe(0.5);
    mediaSession.press({ action: 'nexttrack' });
    await jest.advanceTimersByTimeAsync(500);
    expect(player().currentTrackId).toBe(4);
    mediaSession.press({ action: 'previoustrack' });
    await jest.advanceTimersByTimeAsync(500);
    expect(player().currentTrackId).toBe(1);
  });

  test('media keys pressed three times 100 ms apart move one track too', async () => {
    const { mediaSession, player } = await playing(1);
    for (let press = 0; press < 3; press++) {
      mediaSession.press({ action: 'nexttrack' });
      await jest.advanceTimersByTimeAsync(100);
    }
    await jest.advanceTimersByTimeAsync(1000);
    expect(player().currentTrackId).toBe(4);
  });

  test('stop closes the player and clears the track', async () => {
    const { mediaSession, engine, store } = await playing(1);
    mediaSession.press({ action: 'stop' });
    await settle();
    expect(selectCurrentTrack(store.getState())).toBeNull();
    expect(selectPlayer(store.getState())).toMatchObject({ currentTrackId: null, queue: [], isPlaying: false });
    expect(engine.calls.at(-1)).toBe('stop');
    expect(mediaSession.shown.at(-1)).toEqual({ metadata: null, state: 'none' });
  });
});

test('an overflowing title scrolls to its end and back every 6.5 s', async () => {
  const { store, player } = await playing(1);
  store.dispatch(titleOverflowMeasured(true));
  await jest.advanceTimersByTimeAsync(6499);
  expect(player().titleScrolled).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(player().titleScrolled).toBe(true);
  await jest.advanceTimersByTimeAsync(6500);
  expect(player().titleScrolled).toBe(false);
  store.dispatch(titleOverflowMeasured(false));
  await jest.advanceTimersByTimeAsync(13_000);
  expect(player().titleScrolled).toBe(false);
});

describe('the cart page, where the bar is hidden (SPEC §2)', () => {
  const arrive = (routeName: string, pathname: string) =>
    navigationArrived({ pathname, search: '', routeName, params: {}, error: null });

  test('arriving there pauses the music; leaving shows the bar paused, without starting the sound again', async () => {
    const { store, engine, player } = await playing(1);
    store.dispatch(arrive('cart', '/cart'));
    await settle();
    expect(player().isPlaying).toBe(false);
    expect(engine.calls.at(-1)).toBe('pause');

    store.dispatch(arrive('beats', '/beats'));
    await settle();
    expect(player()).toMatchObject({ currentTrackId: 1, isPlaying: false });
    expect(engine.calls.at(-1)).toBe('pause');
    // The bar's play resumes it where it was.
    store.dispatch(playRequested());
    await settle();
    expect(engine.calls.at(-1)).toBe('play');
  });

  test('other pages, and an error page in place of the cart, keep the bar and the music', async () => {
    const { store, player } = await playing(1);
    store.dispatch(arrive('beats', '/beats'));
    store.dispatch(navigationArrived({ pathname: '/cart', search: '', routeName: 'cart', params: {}, error: { statusCode: 500, message: 'Server error', noRoute: false } }));
    await settle();
    expect(player().isPlaying).toBe(true);
  });
});
