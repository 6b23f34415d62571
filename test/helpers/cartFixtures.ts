import type { Cart, CartItem, CartProduct } from '../../shared/schemas/cart';
import type { Order } from '../../shared/schemas/order';

/** A product as a cart row shows it; tests change what matters to them. */
export const aCartProduct = (changes: Partial<CartProduct> = {}): CartProduct => ({
  id: 11,
  name: 'Night Drive',
  productType: 'track',
  genre: 'Trap',
  genres: [{ id: 1, name: 'Trap', color: '#ff5a5f' }],
  samplePack: false,
  bpm: 140,
  key: 'F#',
  scale: 'minor',
  coverImageSrc: null,
  previewTrackSrc: null,
  previewTrackDuration: null,
  finalPrice: 199,
  projectFilePrice: 50,
  isSold: false,
  producer: { id: 7, artistName: 'Nova Kade', producerUrl: 'nova-kade', avatarSrc: null },
  ...changes,
});

export const aCartItem = (product: Partial<CartProduct> = {}, changes: Partial<CartItem> = {}): CartItem => {
  const full = aCartProduct(product);
  return {
    id: full.id,
    product: full,
    includeProjectFile: false,
    active: true,
    price: full.finalPrice,
    isProMembership: full.productType === 'promembership',
    isRemovedFromCart: false,
    ...changes,
  };
};

/** A cart as GET /ecommerce/cart answers it, with totals summed from the active items. */
export const aCart = (items: CartItem[] = [], changes: Partial<Cart> = {}): Cart => {
  const subTotal = items.reduce((sum, item) => sum + (item.active ? (item.price ?? 0) : 0), 0);
  return {
    items,
    serviceFeeFixed: 1,
    serviceFeePercentage: 5,
    subTotal,
    subTotalWithoutCoupon: subTotal,
    discount: 0,
    total: items.length === 0 ? 0 : Math.round((subTotal * 1.05 + 1) * 100) / 100,
    coupon: null,
    couponError: null,
    ...changes,
  };
};

export const anOrder = (changes: Partial<Order> = {}): Order => ({
  id: 'ord_1',
  status: 'paid',
  paymentMethod: 'card',
  total: 209.95,
  nextActionUrl: null,
  clientSecret: null,
  failureReason: null,
  downloads: [
    { productId: 11, name: 'Night Drive', kind: 'beat', url: '/downloads/ord_1/11/beat', expiresAt: '2027-05-21T00:00:00.000Z' },
  ],
  ...changes,
});
