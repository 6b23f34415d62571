import type { FormEvent } from 'react';
import {
  type CartRow,
  cartProjectFileChangeRequested,
  cartRemoveRequested,
  couponApplied,
  couponInputChanged,
  selectCart,
  selectIsCartItemPending,
} from '../../../shared/features/cart/cartSlice';
import { checkoutRequested } from '../../../shared/features/checkout/checkoutSlice';
import type { RootState } from '../../../shared/store/rootReducer';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CheckoutPopups } from '../checkout/CheckoutPopups';
import { Link } from '../navigation/Link';
import { CoverImage } from '../artwork/CoverImage';
import { CartRowPlay } from './CartRowPlay';
import { cartRowDetail } from './cartRowText';
import { formatUsd } from '../../../shared/domain/money';

/** What the buyer pays on top of the items: the fixed part and the percentage of the subtotal. */
const serviceFee = (total: number, subTotal: number) => Math.max(0, Math.round((total - subTotal) * 100) / 100);

function CartPageRow({ item }: { item: CartRow }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((state: RootState) => selectIsCartItemPending(state, item.id));
  const { product } = item;
  const offersProjectFile = product.productType === 'track' && product.projectFilePrice !== null && item.active;
  return (
    <li className={['cart-page__row', item.isRemovedFromCart && 'cart-row--removed', !item.active && 'cart-row--inactive'].filter(Boolean).join(' ')}>
      {product.coverImageSrc ? (
        <CoverImage className="cart-page__cover" src={product.coverImageSrc} alt={`Cover of ${product.name}`} size={64} sizes="(max-width: 767px) 48px, 64px" />
      ) : (
        <span className="cart-page__cover cart-row__cover--empty" aria-hidden="true" />
      )}
      <CartRowPlay item={item} />
      <div className="cart-page__text">
        {item.isLoading ? (
          <span className="cart-page__name">{product.name}</span>
        ) : (
          <Link className="cart-page__name" href={`/product/${product.id}`}>
            {product.name}
          </Link>
        )}
        {product.producer.artistName && <span className="cart-page__producer">{`by ${product.producer.artistName}`}</span>}
        <span className="cart-page__detail">{item.active ? cartRowDetail(item) : 'is not available anymore.'}</span>
        {offersProjectFile && (
          <label className="cart-page__project-file">
            <input
              type="checkbox"
              checked={item.includeProjectFile}
              disabled={pending || item.isLoading}
              onChange={(event) => dispatch(cartProjectFileChangeRequested({ productId: item.id, includeProjectFile: event.target.checked }))}
            />
            {`Include project file (+${formatUsd(product.projectFilePrice ?? 0)})`}
          </label>
        )}
      </div>
      {item.active && item.price !== null && <span className="cart-page__price">{formatUsd(item.price)}</span>}
      <button
        type="button"
        className="cart-page__remove"
        aria-label={`Remove ${product.name} from cart`}
        disabled={item.isLoading || item.isRemovedFromCart}
        onClick={() => dispatch(cartRemoveRequested(item.id))}
      >
        Remove
      </button>
    </li>
  );
}

function CouponForm() {
  const dispatch = useAppDispatch();
  const { couponInput, couponError, coupon } = useAppSelector(selectCart);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    dispatch(couponApplied());
  };
  return (
    <form className="cart-page__coupon" onSubmit={apply}>
      <label htmlFor="cart-coupon">Coupon</label>
      <div className="cart-page__coupon-row">
        <input
          id="cart-coupon"
          name="coupon"
          autoComplete="off"
          value={couponInput}
          aria-invalid={couponError ? true : undefined}
          aria-describedby={couponError ? 'cart-coupon-error' : undefined}
          onChange={(event) => dispatch(couponInputChanged(event.target.value))}
        />
        <button type="submit">Apply</button>
      </div>
      {couponError && (
        <p id="cart-coupon-error" className="field-error">
          {couponError}
        </p>
      )}
      {coupon && !couponError && <p className="cart-page__coupon-ok">{`Coupon ${coupon.code} applied: ${coupon.percentage}% off`}</p>}
    </form>
  );
}

/** /cart: the items with their project-file option, the coupon, the totals and Checkout. */
export function CartPage() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCart);
  const payable = cart.items.some((item) => item.active && !item.isLoading && !item.isRemovedFromCart);
  return (
    <main className="cart-page">
      <h1>Cart</h1>
      {cart.items.length === 0 ? (
        <div className="cart-page__empty">
          <p>Cart is empty</p>
          <p>Please add products to cart</p>
          <Link href="/beats">Browse beats</Link>
        </div>
      ) : (
        <div className="cart-page__layout">
          <ul className="cart-page__items" aria-label="Cart items">
            {cart.items.map((item) => (
              <CartPageRow key={item.id} item={item} />
            ))}
          </ul>
          <aside className="cart-page__summary" aria-label="Order summary">
            <CouponForm />
            <dl className="cart-page__totals">
              <dt>Subtotal</dt>
              <dd>{formatUsd(cart.subTotalWithoutCoupon)}</dd>
              <dt>Discount</dt>
              <dd>{cart.discount > 0 ? `-${formatUsd(cart.discount)}` : formatUsd(0)}</dd>
              <dt>Service fee</dt>
              <dd>{formatUsd(serviceFee(cart.total, cart.subTotal))}</dd>
              <dt>Total</dt>
              <dd className="cart-page__total">{formatUsd(cart.total)}</dd>
            </dl>
            <button type="button" className="cart-page__checkout" disabled={!payable} onClick={() => dispatch(checkoutRequested())}>
              Checkout
            </button>
          </aside>
        </div>
      )}
      <CheckoutPopups />
    </main>
  );
}
