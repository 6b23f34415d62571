import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldErrors } from '../../api/apiClient';
import type { OfferTerms, ProducerOffer } from '../../schemas/producerOffers';
import { loggedOut } from '../auth/authSlice';
import type { StudioForm } from '../studio/studioSlice';

/** The producer's offers as `Custom services` reads them; an unverified producer has none to show yet. */
export interface MyOffers {
  verified: boolean;
  offers: ProducerOffer[];
}

/**
 * A producer's own custom services (issue 15): their live offers, the "Offer a service" form,
 * the offer whose inline form is open, and the one being withdrawn.
 */
export interface ProducerOffersState {
  mine: MyOffers | null;
  /** `made` counts the offers this form has made, so it starts empty again after each. */
  newOffer: StudioForm & { made: number };
  editing: ({ offerId: number } & StudioForm) | null;
  withdrawal: { offerId: number; status: 'confirming' | 'withdrawing' | 'failed'; message: string | null } | null;
}

const idleForm: StudioForm = { status: 'idle', message: null, errors: {} };

const initialState: ProducerOffersState = { mine: null, newOffer: { ...idleForm, made: 0 }, editing: null, withdrawal: null };

interface Refusal {
  message: string;
  errors: FieldErrors;
}

const producerOffersSlice = createSlice({
  name: 'producerOffers',
  initialState,
  reducers: {
    myOffersLoaded(state, action: PayloadAction<MyOffers>) {
      state.mine = action.payload;
      state.editing = null;
      state.withdrawal = null;
    },
    offerSubmitted(state, _action: PayloadAction<OfferTerms>) {
      state.newOffer = { ...idleForm, status: 'sending', made: state.newOffer.made };
    },
    offerMade(state, action: PayloadAction<ProducerOffer>) {
      state.mine?.offers.push(action.payload);
      state.newOffer = { ...idleForm, made: state.newOffer.made + 1 };
    },
    offerRefused(state, action: PayloadAction<Refusal>) {
      state.newOffer = { status: 'failed', ...action.payload, made: state.newOffer.made };
    },
    offerRefusalDismissed(state) {
      state.newOffer = { ...idleForm, made: state.newOffer.made };
    },
    offerEditOpened(state, action: PayloadAction<number>) {
      state.editing = { offerId: action.payload, ...idleForm };
    },
    offerEditClosed(state) {
      state.editing = null;
    },
    offerEditSubmitted: {
      reducer(state, action: PayloadAction<{ offerId: number; terms: OfferTerms }>) {
        state.editing = { offerId: action.payload.offerId, status: 'sending', message: null, errors: {} };
      },
      prepare: (offerId: number, terms: OfferTerms) => ({ payload: { offerId, terms } }),
    },
    /** The server's answer replaces the offer: the page shows what buyers now see. */
    offerSaved(state, action: PayloadAction<ProducerOffer>) {
      if (state.mine) state.mine.offers = state.mine.offers.map((offer) => (offer.id === action.payload.id ? action.payload : offer));
      if (state.editing?.offerId === action.payload.id) state.editing = null;
    },
    offerEditRefused(state, action: PayloadAction<{ offerId: number } & Refusal>) {
      const { offerId, ...refusal } = action.payload;
      if (state.editing?.offerId === offerId) state.editing = { offerId, status: 'failed', ...refusal };
    },
    offerWithdrawalAsked(state, action: PayloadAction<number>) {
      state.withdrawal = { offerId: action.payload, status: 'confirming', message: null };
    },
    offerWithdrawalDropped(state) {
      state.withdrawal = null;
    },
    offerWithdrawalConfirmed(state, action: PayloadAction<number>) {
      state.withdrawal = { offerId: action.payload, status: 'withdrawing', message: null };
    },
    offerWithdrawn(state, action: PayloadAction<number>) {
      state.withdrawal = null;
      if (state.mine) state.mine.offers = state.mine.offers.filter((offer) => offer.id !== action.payload);
      if (state.editing?.offerId === action.payload) state.editing = null;
    },
    offerWithdrawalFailed(state, action: PayloadAction<{ offerId: number; message: string }>) {
      state.withdrawal = { ...action.payload, status: 'failed' };
    },
  },
  // One producer's offers and forms are not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectMyOffers: (state) => state.mine,
    selectNewOfferForm: (state) => state.newOffer,
    selectOfferEditing: (state) => state.editing,
    selectOfferWithdrawal: (state) => state.withdrawal,
  },
});

export const {
  myOffersLoaded,
  offerSubmitted,
  offerMade,
  offerRefused,
  offerRefusalDismissed,
  offerEditOpened,
  offerEditClosed,
  offerEditSubmitted,
  offerSaved,
  offerEditRefused,
  offerWithdrawalAsked,
  offerWithdrawalDropped,
  offerWithdrawalConfirmed,
  offerWithdrawn,
  offerWithdrawalFailed,
} = producerOffersSlice.actions;
export const { selectMyOffers, selectNewOfferForm, selectOfferEditing, selectOfferWithdrawal } = producerOffersSlice.selectors;
export default producerOffersSlice;
