import { selectIsInWishlist, wishlistToggleRequested } from '../../../shared/features/wishlist/wishlistSlice';
import type { RootState } from '../../../shared/store/rootReducer';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/** The wishlist heart: filled when the product is on the wishlist; a guest gets the login popup. */
export function WishlistButton({ productId, productName, className }: { productId: number; productName: string; className?: string }) {
  const dispatch = useAppDispatch();
  const inWishlist = useAppSelector((state: RootState) => selectIsInWishlist(state, productId));
  return (
    <button
      type="button"
      className={['wishlist-button', inWishlist && 'wishlist-button--on', className].filter(Boolean).join(' ')}
      aria-label={inWishlist ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      aria-pressed={inWishlist}
      onClick={() => dispatch(wishlistToggleRequested(productId, productName))}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill={inWishlist ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
        <path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.3 3.3 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.7 0 5.9 3.8 4.5 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
