import { Link } from '../navigation/Link';
import { CartIcon } from './icons';

/** The footer bar's cart (below 1280 px): a link to /cart with the item count. */
export function CartLink({ count, className }: { count: number; className?: string }) {
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link href="/cart" className={className ? `cart-link ${className}` : 'cart-link'} aria-label={label}>
      <CartIcon />
      {count > 0 && (
        <span className="cart-link__count" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
