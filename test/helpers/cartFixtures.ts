import type { Cart, CartItem, CartProduct } from '../../shared/schemas/cart';
import type { Order } from '../../shared/schemas/order';
import { priceCart, toDollars } from '../../server/commerce/cartPricing';

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

/** The fees the demo shop charges: $1 and 5% of what the items come to. */
const FEES = { serviceFeeFixed: 1, serviceFeePercentage: 5 };

/**
 * A cart as GET /ecommerce/cart answers it: its totals priced by the server's own rules
 * (server/commerce/cartPricing.ts) from the active items and `changes.coupon`.
 */
export const aCart = (items: CartItem[] = [], changes: Partial<Cart> = {}): Cart => {
  const coupon = changes.coupon ?? null;
  const lines = items.map((item) => ({ producerId: item.product.producer.id, priceCents: item.active && item.price !== null ? Math.round(item.price * 100) : null }));
  const totals = priceCart(lines, coupon, FEES);
  return {
    items,
    ...FEES,
    subTotal: toDollars(totals.subTotalCents),
    subTotalWithoutCoupon: toDollars(totals.subTotalWithoutCouponCents),
    discount: toDollars(totals.discountCents),
    total: toDollars(totals.totalCents),
    coupon,
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
