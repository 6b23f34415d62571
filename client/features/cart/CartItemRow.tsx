import { type CartRow, cartRemoveRequested } from '../../../shared/features/cart/cartSlice';
import { useAppDispatch } from '../../store/hooks';
import { CoverImage } from '../artwork/CoverImage';
import { CartRowPlay } from './CartRowPlay';
import { cartRowDetail } from './cartRowText';
import { formatUsd } from '../../../shared/domain/money';

/**
 * One row of the cart dropdown: cover, play/pause, name, genre (or what the product is), price
 * and remove. An item no longer for sale says so and shows no price.
 */
export function CartItemRow({ item }: { item: CartRow }) {
  const dispatch = useAppDispatch();
  const name = item.product.name;
  const className = ['cart-row', item.isRemovedFromCart && 'cart-row--removed', item.isLoading && 'cart-row--loading', !item.active && 'cart-row--inactive']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className} aria-busy={item.isLoading ? true : undefined}>
      {item.product.coverImageSrc ? (
        <CoverImage className="cart-row__cover" src={item.product.coverImageSrc} alt={`Cover of ${name}`} size={40} />
      ) : (
        <span className="cart-row__cover cart-row__cover--empty" aria-hidden="true" />
      )}
      <CartRowPlay item={item} />
      <span className="cart-row__text">
        <span className="cart-row__name">{name}</span>
        {item.active ? (
          <span className="cart-row__detail">{cartRowDetail(item)}</span>
        ) : (
          <span className="cart-row__detail cart-row__detail--inactive">is not available anymore.</span>
        )}
      </span>
      {item.active && item.price !== null && <span className="cart-row__price">{formatUsd(item.price)}</span>}
      <button
        type="button"
        className="cart-row__remove"
        aria-label={`Remove ${name} from cart`}
        disabled={item.isLoading || item.isRemovedFromCart}
        onClick={() => dispatch(cartRemoveRequested(item.id))}
      >
        ×
      </button>
    </li>
  );
}
