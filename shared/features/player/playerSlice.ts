import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULTS } from '../../domain/constants';
import { formatDuration } from '../../domain/duration';
import type { Track } from '../../schemas/track';
import { orderSucceeded } from '../checkout/checkoutSlice';

/**
 * What the player keeps of a track: the fields the bar shows, nothing more, so a queue of a whole
 * catalogue page stays small in the action log.
 */
export type PlayerTrack = Pick<
  Track,
  'id' | 'name' | 'productType' | 'genre' | 'bpm' | 'key' | 'scale' | 'finalPrice' | 'isSold' | 'coverImageSrc' | 'previewTrackSrc' | 'producer'
> &
  Pick<Track, 'genres' | 'samplePack' | 'previewTrackDuration' | 'peaks'> & {
    /**
     * A beat a moderator hears in `Pending tracks` before it is in the shop: nothing to put in the
     * cart or wishlist yet, and the shop counts no plays of it (POST /tracks/{id}/play knows only listed products).
     */
    awaitingModeration?: boolean;
  };

/** SPEC §3 "Player state". */
export interface PlayerState {
  /** 0..1. */
  volume: number;
  isPlaying: boolean;
  isLoading: boolean;
  /** Position in the current track, 0..1. */
  seek: number;
  /** Seconds played; ticks arrive as ephemeral actions. */
  currentTime: number;
  /** m:ss of currentTime. */
  currentTimeText: string;
  /** Seconds; the list's figure until the preview has loaded. */
  duration: number;
  /** The list the current track was started from. */
  queue: PlayerTrack[];
  currentTrackId: number | null;
  /** The visitor is dragging on the waveform: the end of the track does not move on. */
  isDragging: boolean;
  /** The mini player of SPEC §2. */
  isMini: boolean;
  /** The title is wider than its box (measured by the bar). */
  titleOverflows: boolean;
  /** The overflowing title is scrolled to its end; flips every 6.5 s. */
  titleScrolled: boolean;
}

const initialState: PlayerState = {
  volume: DEFAULTS.volume,
  isPlaying: false,
  isLoading: false,
  seek: 0,
  currentTime: 0,
  currentTimeText: '0:00',
  duration: 0,
  queue: [],
  currentTrackId: null,
  isDragging: false,
  isMini: false,
  titleOverflows: false,
  titleScrolled: false,
};

/**
 * The longest queue kept: a catalogue scrolled for long would otherwise make one action-log
 * entry of hundreds of kilobytes. Longer lists keep a window around the started track.
 */
export const MAX_QUEUE_LENGTH = 200;

function queueAround(queue: PlayerTrack[], index: number): PlayerTrack[] {
  if (queue.length <= MAX_QUEUE_LENGTH) return queue;
  const start = Math.min(Math.max(0, index - MAX_QUEUE_LENGTH / 2), queue.length - MAX_QUEUE_LENGTH);
  return queue.slice(start, start + MAX_QUEUE_LENGTH);
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

export function toPlayerTrack(track: Track): PlayerTrack {
  return {
    id: track.id,
    name: track.name,
    productType: track.productType,
    genre: track.genre,
    bpm: track.bpm,
    key: track.key,
    scale: track.scale,
    finalPrice: track.finalPrice,
    isSold: track.isSold,
    coverImageSrc: track.coverImageSrc,
    previewTrackSrc: track.previewTrackSrc,
    producer: {
      id: track.producer.id,
      artistName: track.producer.artistName,
      producerUrl: track.producer.producerUrl,
      avatarSrc: track.producer.avatarSrc ?? null,
    },
    genres: (track.genres ?? []).map(({ id, name, color }) => ({ id, name, color })),
    samplePack: track.samplePack ?? track.productType === 'samplepack',
    previewTrackDuration: track.previewTrackDuration ?? null,
    // Lists send none (the saga then asks for them); a product page's track carries its own.
    peaks: track.peaks ?? null,
  };
}

/** A track the player can move to: not sold, and with a preview to play (SPEC §4). */
export const isPlayable = (track: PlayerTrack) => !track.isSold && track.previewTrackSrc !== null;

function moveTo(state: PlayerState, fraction: number) {
  state.seek = clamp01(fraction);
  state.currentTime = state.seek * state.duration;
  state.currentTimeText = formatDuration(state.currentTime);
}

function showTrack(state: PlayerState, track: PlayerTrack) {
  state.currentTrackId = track.id;
  state.isLoading = true;
  state.isPlaying = true;
  state.seek = 0;
  state.currentTime = 0;
  state.currentTimeText = formatDuration(0);
  state.duration = track.previewTrackDuration ?? 0;
  state.titleScrolled = false;
  state.titleOverflows = false;
}

const playerSlice = createSlice({
  name: 'player',
  initialState,
  reducers: {
    /**
     * A play button on a card or page: the track plays with its list as the queue. The current
     * track again resumes where it was.
     */
    trackPlayRequested(state, action: PayloadAction<{ track: PlayerTrack; queue: PlayerTrack[] }>) {
      const { track, queue } = action.payload;
      const index = queue.findIndex((item) => item.id === track.id);
      state.queue = index === -1 ? [track] : queueAround(queue, index);
      if (state.currentTrackId === track.id) state.isPlaying = true;
      else showTrack(state, track);
    },
    /** The queue moved on (next, previous, end of track): this track of the queue loads and plays. */
    queueTrackSelected(state, action: PayloadAction<number>) {
      const track = state.queue.find((item) => item.id === action.payload);
      if (track) showTrack(state, track);
    },
    playRequested(state) {
      if (state.currentTrackId !== null) state.isPlaying = true;
    },
    pauseRequested(state) {
      state.isPlaying = false;
    },
    nextRequested() {},
    previousRequested() {},
    /** The preview is ready to play: its real duration replaces the list's figure. */
    trackLoaded(state, action: PayloadAction<{ trackId: number; duration: number }>) {
      if (state.currentTrackId !== action.payload.trackId) return;
      state.isLoading = false;
      if (action.payload.duration > 0) state.duration = action.payload.duration;
    },
    /**
     * The peaks the saga asked for, kept on the track: a replay draws the waveform the buyer saw
     * from them, as it cannot ask the server (DESIGN contract 1), and a later play needs no call.
     */
    trackPeaksLoaded(state, action: PayloadAction<{ trackId: number; peaks: number[] }>) {
      for (const track of state.queue) if (track.id === action.payload.trackId) track.peaks = action.payload.peaks;
    },
    /** The preview could not load at all. */
    trackLoadFailed(state, action: PayloadAction<number>) {
      if (state.currentTrackId !== action.payload) return;
      state.isLoading = false;
      state.isPlaying = false;
    },
    timeUpdated: {
      reducer(state, action: PayloadAction<number>) {
        state.currentTime = Math.max(0, action.payload);
        state.currentTimeText = formatDuration(state.currentTime);
        state.seek = state.duration > 0 ? clamp01(state.currentTime / state.duration) : 0;
      },
      // Several ticks a second: kept out of the action log (DESIGN contract 2).
      prepare: (seconds: number) => ({ payload: seconds, meta: { ephemeral: true } }),
    },
    /** A seek from outside the waveform (the media session's seek): the saga moves the audio; 0..1. */
    seekRequested(state, action: PayloadAction<number>) {
      moveTo(state, action.payload);
    },
    /** The visitor clicked or dragged on the waveform, which has moved the audio already; 0..1. */
    waveformSeeked(state, action: PayloadAction<number>) {
      moveTo(state, action.payload);
    },
    dragStarted(state) {
      state.isDragging = true;
    },
    dragEnded(state) {
      state.isDragging = false;
    },
    /** The track played to its end: it rewinds and the saga moves on, unless the visitor is dragging. */
    trackEnded(state) {
      if (state.isDragging) return;
      moveTo(state, 0);
      state.isPlaying = false;
    },
    volumeChanged(state, action: PayloadAction<number>) {
      state.volume = clamp01(action.payload);
    },
    /** The volume saved in this browser, read at start-up. */
    volumeRestored(state, action: PayloadAction<number>) {
      state.volume = clamp01(action.payload);
    },
    miniToggled(state) {
      state.isMini = !state.isMini;
    },
    /** The close control and the media session's stop: the player closes and forgets the track. */
    playerClosed(state) {
      state.currentTrackId = null;
      state.queue = [];
      state.isPlaying = false;
      state.isLoading = false;
      state.isDragging = false;
      state.seek = 0;
      state.currentTime = 0;
      state.currentTimeText = formatDuration(0);
      state.duration = 0;
      state.isMini = false;
      state.titleOverflows = false;
      state.titleScrolled = false;
    },
    titleOverflowMeasured: {
      reducer(state, action: PayloadAction<boolean>) {
        state.titleOverflows = action.payload;
        if (!action.payload) state.titleScrolled = false;
      },
      // Layout, not listening: it depends on the window and is kept out of the log.
      prepare: (overflows: boolean) => ({ payload: overflows, meta: { ephemeral: true } }),
    },
    titleScrollFlipped: {
      reducer(state) {
        if (state.titleOverflows) state.titleScrolled = !state.titleScrolled;
      },
      prepare: () => ({ payload: undefined, meta: { ephemeral: true } }),
    },
  },
  extraReducers: (builder) => {
    // A beat sells once: the buyer's own purchase takes it off sale in the queue too, as the
    // catalogue shows it from then on, so the bar offers no "Add to cart" for it any more.
    builder.addCase(orderSucceeded, (state, action) => {
      const sold = new Set(action.payload.downloads.filter((download) => download.kind === 'beat').map((download) => download.productId));
      for (const track of state.queue) if (sold.has(track.id)) track.isSold = true;
    });
  },
  selectors: {
    selectPlayer: (state) => state,
    selectPlayerVolume: (state) => state.volume,
    selectCurrentTrack: (state) => state.queue.find((track) => track.id === state.currentTrackId) ?? null,
    selectIsTrackPlaying: (state, trackId: number) => state.currentTrackId === trackId && state.isPlaying,
  },
});

export const {
  trackPlayRequested,
  queueTrackSelected,
  playRequested,
  pauseRequested,
  nextRequested,
  previousRequested,
  trackLoaded,
  trackPeaksLoaded,
  trackLoadFailed,
  timeUpdated,
  seekRequested,
  waveformSeeked,
  dragStarted,
  dragEnded,
  trackEnded,
  volumeChanged,
  volumeRestored,
  miniToggled,
  playerClosed,
  titleOverflowMeasured,
  titleScrollFlipped,
} = playerSlice.actions;
export const { selectPlayer, selectPlayerVolume, selectCurrentTrack, selectIsTrackPlaying } = playerSlice.selectors;
export default playerSlice;
