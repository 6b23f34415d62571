import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '../../schemas/track';

/** The PRO membership product of /pro-membership (behind the proMembership feature flag). */
export interface ProMembershipState {
  product: Product | null;
}

const proMembershipSlice = createSlice({
  name: 'proMembership',
  initialState: { product: null } as ProMembershipState,
  reducers: {
    proMembershipLoaded(state, action: PayloadAction<Product>) {
      state.product = action.payload;
    },
  },
  selectors: {
    selectProMembership: (state) => state.product,
  },
});

export const { proMembershipLoaded } = proMembershipSlice.actions;
export const { selectProMembership } = proMembershipSlice.selectors;
export default proMembershipSlice;
