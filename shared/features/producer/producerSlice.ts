import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Producer } from '../../schemas/producer';
import type { ProducerOffer } from '../../schemas/producerOffers';
import type { Track } from '../../schemas/track';

/** How many of the producer's tracks the page preloads. */
export const PRODUCER_PAGE_TRACKS = 20;

export interface ProducerState {
  /** The producer whose page is open (/{id} or /beatmaker/{id}). */
  producer: Producer | null;
  tracks: Track[];
  /** The producer's own custom services on offer (issue 15); none: the page has no such section. */
  offers: ProducerOffer[];
  /** 'pending' while a follow or unfollow call runs; further clicks are ignored until it ends. */
  follow: 'idle' | 'pending';
}

const initialState: ProducerState = { producer: null, tracks: [], offers: [], follow: 'idle' };

const producerSlice = createSlice({
  name: 'producer',
  initialState,
  reducers: {
    producerPageLoaded(state, action: PayloadAction<{ producer: Producer; tracks: Track[]; offers: ProducerOffer[] }>) {
      state.producer = action.payload.producer;
      state.tracks = action.payload.tracks;
      state.offers = action.payload.offers;
      state.follow = 'idle';
    },
    /** The visitor pressed Follow / Following; the saga decides what happens. */
    followClicked() {},
    followPending(state) {
      state.follow = 'pending';
    },
    /** The server's answer carries the producer as it now stands: follower count and alreadyFollowed. */
    followSucceeded(state, action: PayloadAction<Producer>) {
      if (state.producer?.id !== action.payload.id) return;
      state.producer = action.payload;
      state.follow = 'idle';
    },
    /** SPEC §8: a follow failure changes nothing. */
    followFailed(state) {
      state.follow = 'idle';
    },
  },
  selectors: {
    selectProducer: (state) => state.producer,
    selectProducerTracks: (state) => state.tracks,
    selectProducerOffers: (state) => state.offers,
    selectFollowPending: (state) => state.follow === 'pending',
  },
});

export const { producerPageLoaded, followClicked, followPending, followSucceeded, followFailed } = producerSlice.actions;
export const { selectProducer, selectProducerTracks, selectProducerOffers, selectFollowPending } = producerSlice.selectors;
export default producerSlice;
