import { EDM_CONTACTS_COUNT_LABEL } from '../../../shared/domain/constants';
import type { CartRow } from '../../../shared/features/cart/cartSlice';

/** SPEC §2 "Cart dropdown": what a row says under its name. */
export function cartRowDetail(item: CartRow): string {
  if (item.isProMembership || item.product.productType === 'promembership') return 'Enjoy exclusive benefits';
  if (item.product.productType === 'edmcontacts') return EDM_CONTACTS_COUNT_LABEL;
  if (item.product.productType === 'samplepack') return 'Sample Pack';
  return item.product.genre;
}
