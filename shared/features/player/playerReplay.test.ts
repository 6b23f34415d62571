import { configureStore } from '@reduxjs/toolkit';
import { createActionLogRecorder } from '../../actionLog/recorder';
import { replay } from '../../actionLog/replay';
import { rootReducer } from '../../store/rootReducer';
import { aTrack } from '../../../test/helpers/fixtures';
import {
  pauseRequested,
  queueTrackSelected,
  seekRequested,
  selectPlayer,
  timeUpdated,
  toPlayerTrack,
  trackLoaded,
  trackPlayRequested,
  volumeChanged,
  waveformSeeked,
} from './playerSlice';

/** DESIGN contract 2 for the player: the log replays what the buyer listened to, without the ticks. */
test('a replayed action log shows the track, queue, volume, seek and pause; playback ticks are not in it', () => {
  let second = 0;
  const recorder = createActionLogRecorder({ sessionId: 'tab-player', token: 'proof', now: () => new Date(Date.UTC(2026, 10, 22, 3, 0, second++)) });
  const store = configureStore({ reducer: rootReducer, middleware: (defaults) => defaults().concat(recorder.middleware) });
  recorder.start(store.getState());

  const queue = [1, 2, 3].map((id) => toPlayerTrack(aTrack({ id, name: `Track ${id}`, previewTrackSrc: `/media/${id}.mp3` })));
  store.dispatch(trackPlayRequested({ track: queue[0]!, queue }));
  store.dispatch(trackLoaded({ trackId: 1, duration: 40 }));
  for (let seconds = 1; seconds <= 12; seconds++) store.dispatch(timeUpdated(seconds));
  store.dispatch(volumeChanged(0.6));
  store.dispatch(queueTrackSelected(2));
  store.dispatch(trackLoaded({ trackId: 2, duration: 20 }));
  store.dispatch(waveformSeeked(0.5));
  store.dispatch(timeUpdated(10.4));
  store.dispatch(seekRequested(0.25));
  store.dispatch(pauseRequested());

  const entries = recorder.takeBatch(500);
  expect(entries.map((entry) => entry.type)).not.toContain(timeUpdated.type);
  const replayed = selectPlayer(replay(entries));
  expect(replayed).toEqual(selectPlayer(store.getState()));
  expect(replayed).toMatchObject({ currentTrackId: 2, volume: 0.6, seek: 0.25, currentTimeText: '0:05', isPlaying: false });
});
