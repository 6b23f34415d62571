import { Link } from '../navigation/Link';
import { CartIcon } from './icons';

/** The cart icon with its item count (header on desktop, footer bar below 1280 px). */
export function CartLink({ count, className }: { count: number | null; className?: string }) {
  const label = count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link href="/cart" className={className ? `cart-link ${className}` : 'cart-link'} aria-label={label}>
      <CartIcon />
      {count !== null && count > 0 && (
        <span className="cart-link__count" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
