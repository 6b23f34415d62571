import { nullable, type } from 'superstruct';
import { slicePersonalData } from '../../actionLog/personalData';
import { ShippingAddressSchema } from '../../schemas/order';
import checkoutSlice from './checkoutSlice';

/** The shipping address a wallet payment sends. */
export const checkoutPersonalData = slicePersonalData(checkoutSlice, {
  actions: {
    stripeWalletConfirmed: type({ shippingAddress: nullable(ShippingAddressSchema) }),
    addressSubmitted: type({ shippingAddress: ShippingAddressSchema }),
  },
});
