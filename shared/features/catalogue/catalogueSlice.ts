import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Track } from '../../schemas/track';

export interface CatalogueState {
  homeTracks: Track[];
}

const initialState: CatalogueState = { homeTracks: [] };

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {
    homeTracksLoaded(state, action: PayloadAction<Track[]>) {
      state.homeTracks = action.payload;
    },
  },
  selectors: {
    selectHomeTracks: (state) => state.homeTracks,
  },
});

export const { homeTracksLoaded } = catalogueSlice.actions;
export const { selectHomeTracks } = catalogueSlice.selectors;
export default catalogueSlice;
