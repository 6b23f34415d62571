import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '../../schemas/track';

export interface ProductState {
  /** The product whose page is open (/product/{id}). */
  product: Product | null;
}

const initialState: ProductState = { product: null };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    productPageLoaded(state, action: PayloadAction<Product>) {
      state.product = action.payload;
    },
  },
  selectors: {
    selectProduct: (state) => state.product,
  },
});

export const { productPageLoaded } = productSlice.actions;
export const { selectProduct } = productSlice.selectors;
export default productSlice;
