import type { UnknownAction } from '@reduxjs/toolkit';
import { type EventChannel, eventChannel } from 'redux-saga';
import { all, call, debounce, delay, put, race, spawn, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { is } from 'superstruct';
import { TIMERS_MS } from '../../shared/domain/constants';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import { isPlayerBarHiddenOn } from '../../shared/features/player/playerBarVisibility';
import { stepThroughQueue } from '../../shared/features/player/playerQueue';
import {
  dragEnded,
  dragStarted,
  nextRequested,
  pauseRequested,
  type PlayerState,
  type PlayerTrack,
  playerClosed,
  playRequested,
  previousRequested,
  queueTrackSelected,
  seekRequested,
  selectCurrentTrack,
  selectPlayer,
  timeUpdated,
  titleOverflowMeasured,
  titleScrollFlipped,
  trackEnded,
  trackLoaded,
  trackLoadFailed,
  trackPeaksLoaded,
  trackPlayRequested,
  volumeChanged,
  volumeRestored,
  waveformSeeked,
} from '../../shared/features/player/playerSlice';
import { PeaksSchema } from '../../shared/schemas/track';
import { type AudioEngine, type AudioEngineEvent, type KeyValueStorage, MEDIA_LOAD_ERROR, type MediaSessionAction, type MediaSessionPort } from '../../shared/api/playerPorts';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** localStorage key of the saved volume. */
export const VOLUME_STORAGE_KEY = 'beatcrate.player.volume';

/** What the player's sagas share: the engine once loaded, and which track it holds. */
interface PlayerSession {
  engine: AudioEngine | null;
  loadedTrackId: number | null;
  /** The track whose start was already recorded with POST /tracks/{id}/play. */
  playRecordedFor: number | null;
}

const TRACK_CHANGES = [trackPlayRequested.type, queueTrackSelected.type];

/** The engine, loading its chunk on first use; its events are followed from then on. */
function* engineFor(session: PlayerSession): Generator<unknown, AudioEngine, never> {
  if (session.engine) return session.engine;
  const loader = yield* fromContext('audio');
  // Only the browser has an audio engine; the server's render never plays.
  if (!loader) throw new Error('No audio engine: only the browser plays');
  const engine: AudioEngine = yield call([loader, loader.load]);
  if (!session.engine) {
    session.engine = engine;
    const volume = yield* select((state: { player: PlayerState }) => state.player.volume);
    engine.setVolume(volume);
    // Spawned: the engine outlives the track load that happened to create it.
    yield spawn(followEngine, engine);
  }
  return session.engine;
}

function* followEngine(engine: AudioEngine) {
  const channel: EventChannel<AudioEngineEvent> = eventChannel((emit) => engine.subscribe(emit));
  try {
    for (;;) {
      const event: AudioEngineEvent = yield take(channel);
      switch (event.type) {
        case 'timeupdate':
          yield put(timeUpdated(event.seconds));
          break;
        case 'finish':
          yield put(trackEnded());
          break;
        case 'seeked':
          yield put(waveformSeeked(event.fraction));
          break;
        case 'dragstart':
          yield put(dragStarted());
          break;
        case 'dragend':
          yield put(dragEnded());
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`Unknown audio engine event ${String(unknownEvent)}`);
        }
      }
    }
  } finally {
    channel.close();
  }
}

/**
 * SPEC §4: peaks by call when the track has none; a failure draws the waveform from the audio.
 * Peaks had by call are put on the track, so a replay of the log can draw what the buyer saw.
 */
function* peaksOf(track: PlayerTrack): Generator<unknown, number[] | null, never> {
  if (track.peaks && track.peaks.length > 0) return track.peaks;
  const api = yield* fromContext('api');
  let answer: unknown;
  try {
    answer = yield call([api, api.request], { method: 'GET', path: `/audio/peaks/${track.id}` });
  } catch {
    return null;
  }
  if (!is(answer, PeaksSchema) || answer.peaks.length === 0) return null;
  yield put(trackPeaksLoaded({ trackId: track.id, peaks: answer.peaks }));
  return answer.peaks;
}

/** Loads the preview; the media element's load error rebuilds the waveform and tries once more. */
function* loadPreview(engine: AudioEngine, track: PlayerTrack, peaks: number[] | null): Generator<unknown, number, never> {
  const source = { src: track.previewTrackSrc!, peaks, duration: track.previewTrackDuration ?? null };
  try {
    return (yield call([engine, engine.load], source)) as number;
  } catch (error) {
    if (!(error instanceof Error && error.message === MEDIA_LOAD_ERROR)) throw error;
    engine.rebuild();
    return (yield call([engine, engine.load], source)) as number;
  }
}

/** A track change: peaks, then the preview, then play (SPEC §4); the same track again resumes. */
function* changeTrack(session: PlayerSession) {
  const track = yield* select(selectCurrentTrack);
  if (!track) return;
  if (session.loadedTrackId === track.id) {
    yield call(resume, session);
    return;
  }
  if (track.previewTrackSrc === null) {
    yield put(trackLoadFailed(track.id));
    return;
  }
  let engine: AudioEngine;
  try {
    engine = yield call(engineFor, session);
  } catch {
    // The audio chunk did not arrive (offline, a deploy in between): the next play tries again.
    yield put(trackLoadFailed(track.id));
    return;
  }
  session.loadedTrackId = null;
  const peaks: number[] | null = yield call(peaksOf, track);
  let duration: number;
  try {
    duration = yield call(loadPreview, engine, track, peaks);
  } catch {
    yield put(trackLoadFailed(track.id));
    return;
  }
  session.loadedTrackId = track.id;
  yield put(trackLoaded({ trackId: track.id, duration }));
  const player = yield* select(selectPlayer);
  if (player.seek > 0) engine.seek(player.seek);
  if (player.isPlaying) yield call(startPlayback, session, engine, track.id);
}

function* startPlayback(session: PlayerSession, engine: AudioEngine, trackId: number) {
  try {
    yield call([engine, engine.play]);
  } catch {
    // The browser refused to play (autoplay policy): show it paused rather than pretend.
    yield put(pauseRequested());
    return;
  }
  const track = yield* select(selectCurrentTrack);
  if (session.playRecordedFor !== trackId && track?.awaitingModeration !== true) {
    session.playRecordedFor = trackId;
    yield spawn(recordPlay, trackId);
  }
}

/** POST /tracks/{id}/play: counting plays is the server's business; a failure costs the listener nothing. */
function* recordPlay(trackId: number) {
  const api = yield* fromContext('api');
  try {
    yield* apiCall(api, { method: 'POST', path: `/tracks/${trackId}/play` });
  } catch {
    // Ignored on purpose: the music plays on.
  }
}

function* resume(session: PlayerSession) {
  const player = yield* select(selectPlayer);
  if (player.currentTrackId === null || !player.isPlaying) return;
  if (session.engine && session.loadedTrackId === player.currentTrackId) {
    yield call(startPlayback, session, session.engine, player.currentTrackId);
  } else if (!player.isLoading) {
    // The last load failed: play loads the track again. While loading, its end plays anyway.
    yield put(queueTrackSelected(player.currentTrackId));
  }
}

function* pause(session: PlayerSession) {
  if (!session.engine) return;
  try {
    yield call([session.engine, session.engine.pause]);
  } catch {
    // Nothing was playing to pause.
  }
}

function* seek(session: PlayerSession, action: ReturnType<typeof seekRequested>) {
  if (session.engine && session.loadedTrackId !== null) session.engine.seek(action.payload);
}

function* applyVolume(session: PlayerSession) {
  const player = yield* select(selectPlayer);
  session.engine?.setVolume(player.volume);
}

function* close(session: PlayerSession) {
  session.loadedTrackId = null;
  session.playRecordedFor = null;
  if (!session.engine) return;
  try {
    yield call([session.engine, session.engine.stop]);
  } catch {
    // Nothing was loaded to stop.
  }
}

/** End of a track: the reducer rewound it; the next playable one plays, unless the visitor is dragging. */
function* moveOnAtEnd(session: PlayerSession) {
  const player = yield* select(selectPlayer);
  if (player.isDragging) return;
  session.engine?.seek(0);
  const next = stepThroughQueue(player.queue, player.currentTrackId, 1);
  if (next) yield put(queueTrackSelected(next.id));
}

/**
 * Next and previous are debounced 500 ms (SPEC §4): a burst of presses (player bar or media keys)
 * counts once, 500 ms after its last press, and moves one playable track in that press's
 * direction, skipping sold ones and ones without a preview.
 */
function* stepQueue(action: UnknownAction) {
  const player = yield* select(selectPlayer);
  const target = stepThroughQueue(player.queue, player.currentTrackId, nextRequested.match(action) ? 1 : -1);
  if (target && target.id !== player.currentTrackId) yield put(queueTrackSelected(target.id));
}

function readSavedVolume(storage: KeyValueStorage): number | null {
  try {
    const text = storage.getItem(VOLUME_STORAGE_KEY);
    if (text === null || text.trim() === '') return null;
    const volume = Number(text);
    return Number.isFinite(volume) && volume >= 0 && volume <= 1 ? volume : null;
  } catch {
    // Storage can be switched off (private mode, site settings): the default volume then stands.
    return null;
  }
}

function* restoreVolume() {
  const storage = yield* fromContext('storage');
  if (!storage) return;
  const volume = readSavedVolume(storage);
  if (volume !== null) yield put(volumeRestored(volume));
}

function* saveVolume() {
  const storage = yield* fromContext('storage');
  if (!storage) return;
  const player = yield* select(selectPlayer);
  try {
    storage.setItem(VOLUME_STORAGE_KEY, String(player.volume));
  } catch {
    // A full or blocked storage only loses the saved volume.
  }
}

const MEDIA_SESSION_ACTIONS = {
  previoustrack: previousRequested,
  nexttrack: nextRequested,
  play: playRequested,
  pause: pauseRequested,
  // SPEC §4: stop closes the player and clears the track.
  stop: playerClosed,
} as const;

/** SPEC §4: the operating system's previous, next, play, pause, stop and seek controls. */
function* followMediaSession() {
  const mediaSession = yield* fromContext('mediaSession');
  if (!mediaSession) return;
  const channel: EventChannel<MediaSessionAction> = eventChannel((emit) => mediaSession.subscribe(emit));
  yield takeEvery(MEDIA_SESSION_CHANGES, showInMediaSession, mediaSession);
  try {
    for (;;) {
      const action: MediaSessionAction = yield take(channel);
      if (action.action === 'seekto') {
        const player = yield* select(selectPlayer);
        if (player.duration > 0) yield put(seekRequested(action.seconds / player.duration));
      } else {
        yield put(MEDIA_SESSION_ACTIONS[action.action]());
      }
    }
  } finally {
    channel.close();
  }
}

const MEDIA_SESSION_CHANGES = [...TRACK_CHANGES, playRequested.type, pauseRequested.type, playerClosed.type, trackEnded.type];

function* showInMediaSession(mediaSession: MediaSessionPort) {
  const track = yield* select(selectCurrentTrack);
  const player = yield* select(selectPlayer);
  if (!track) {
    mediaSession.show(null, 'none');
    return;
  }
  mediaSession.show(
    { title: track.name, artist: track.producer.artistName, artwork: track.coverImageSrc },
    player.isPlaying ? 'playing' : 'paused',
  );
}

/**
 * SPEC §2 hides the bar on the cart page; music going on there would have no control left, so
 * arriving there pauses it. Leaving shows the bar again, paused: the listener resumes it, since
 * sound starting by itself after a checkout is not what anyone expects. A play started from a
 * cart row on that page has the row's own play/pause.
 */
function* pauseWhereTheBarIsHidden({ payload }: ReturnType<typeof navigationArrived>) {
  if (!isPlayerBarHiddenOn(payload)) return;
  const player = yield* select(selectPlayer);
  if (player.isPlaying) yield put(pauseRequested());
}

/** SPEC §4: an overflowing title scrolls to its end and back, a move every 6.5 s. */
function* scrollOverflowingTitle() {
  for (;;) {
    const player = yield* select(selectPlayer);
    if (!player.titleOverflows || player.currentTrackId === null) {
      yield take(titleOverflowMeasured.type);
      continue;
    }
    const { changed } = yield race({
      tick: delay(TIMERS_MS.titleScroll),
      changed: take([titleOverflowMeasured.type, ...TRACK_CHANGES, playerClosed.type]),
    });
    if (!changed) yield put(titleScrollFlipped());
  }
}

/** Every flow of the player bar (SPEC §4 "Player"). */
export function* playerSagas() {
  const session: PlayerSession = { engine: null, loadedTrackId: null, playRecordedFor: null };
  yield all([
    call(restoreVolume),
    debounce(TIMERS_MS.volumeSaveDebounce, volumeChanged.type, saveVolume),
    takeEvery([volumeChanged.type, volumeRestored.type], applyVolume, session),
    takeLatest(TRACK_CHANGES, changeTrack, session),
    takeEvery(playRequested.type, resume, session),
    takeEvery(pauseRequested.type, pause, session),
    takeEvery(seekRequested.type, seek, session),
    takeEvery(playerClosed.type, close, session),
    takeEvery(trackEnded.type, moveOnAtEnd, session),
    takeEvery(navigationArrived.type, pauseWhereTheBarIsHidden),
    debounce(TIMERS_MS.nextPreviousDebounce, [nextRequested.type, previousRequested.type], stepQueue),
    call(followMediaSession),
    call(scrollOverflowingTitle),
  ]);
}
