import type { Cart, CartItem } from '../../shared/schemas/cart';
import type { AppDeps } from '../appDeps';
import type { CartLine } from '../domain/cart/cartDecider';
import { priceCart, toDollars } from './cartPricing';
import { type CartProductInfo, linePriceCents, loadCartProducts } from './cartProducts';
import { lookUpCoupon } from './coupons';
import { proMembershipRefusal } from './proMembership';

export interface PricedCart {
  answer: Cart;
  /** Lines that can be paid for, with their product and price in cents. */
  payable: { line: CartLine; info: CartProductInfo; priceCents: number }[];
  totalCents: number;
  subTotalCents: number;
  discountCents: number;
  serviceFeeCents: number;
}

/**
 * SPEC §3 "Cart" for a stream's lines: items in the order added, inactive ones without price and
 * out of the totals. The buyer (null for a guest) decides whether the PRO membership can be had.
 */
export async function priceCartLines(
  deps: AppDeps,
  lines: readonly CartLine[],
  couponCode: string | null | undefined,
  buyer: { isProBuyer: boolean } | null,
): Promise<PricedCart> {
  const products = await loadCartProducts(
    deps,
    lines.map((line) => line.productId),
  );
  const known = lines.flatMap((line) => {
    const found = products.get(line.productId);
    if (!found) return [];
    const info = proMembershipRefusal(deps, found.product.productType, buyer) === null ? found : { ...found, forSale: false };
    return [{ line, info }];
  });
  const payable = known.filter(({ info }) => info.forSale).map(({ line, info }) => ({ line, info, priceCents: linePriceCents(info, line.includeProjectFile) }));
  const { coupon, error } = await lookUpCoupon(deps.database, couponCode, deps.clock.now());
  const fees = { serviceFeeFixed: deps.config.commerce.serviceFeeFixed, serviceFeePercentage: deps.config.commerce.serviceFeePercentage };
  const totals = priceCart(
    known.map(({ line, info }) => ({ producerId: info.producerId, priceCents: info.forSale ? linePriceCents(info, line.includeProjectFile) : null })),
    coupon,
    fees,
  );
  const couponError = error ?? (totals.couponMisses && coupon ? `Coupon ${coupon.code} applies to none of the products in your cart` : null);
  const items: CartItem[] = known.map(({ line, info }) => ({
    id: info.product.id,
    product: info.product,
    includeProjectFile: line.includeProjectFile,
    active: info.forSale,
    price: info.forSale ? toDollars(linePriceCents(info, line.includeProjectFile)) : null,
    isProMembership: info.product.productType === 'promembership',
    isRemovedFromCart: false,
  }));
  return {
    answer: {
      items,
      serviceFeeFixed: fees.serviceFeeFixed,
      serviceFeePercentage: fees.serviceFeePercentage,
      subTotal: toDollars(totals.subTotalCents),
      subTotalWithoutCoupon: toDollars(totals.subTotalWithoutCouponCents),
      discount: toDollars(totals.discountCents),
      total: toDollars(totals.totalCents),
      coupon: couponError === null ? coupon : null,
      couponError,
    },
    payable,
    totalCents: totals.totalCents,
    subTotalCents: totals.subTotalCents,
    discountCents: totals.discountCents,
    serviceFeeCents: totals.serviceFeeCents,
  };
}
