import { selectWishlistTracks } from '../../../shared/features/buyer/buyerSlice';
import { selectWishlist, wishlistToggleRequested } from '../../../shared/features/wishlist/wishlistSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { BeatRow } from './BeatRow';

/**
 * `Wishlist` on the dashboard site: the wishlist's products with play, Add to cart and Remove.
 * Remove is the storefront heart's own optimistic toggle, so a row leaves at once and comes back
 * if the server refuses; what is listed follows the wishlist the header and hearts share.
 */
export function WishlistPage() {
  const dispatch = useAppDispatch();
  const tracks = useAppSelector(selectWishlistTracks);
  const wishlist = useAppSelector(selectWishlist);
  if (!tracks) return null;
  const shown = wishlist.loaded ? tracks.filter((track) => wishlist.productIds.includes(track.id)) : tracks;
  if (shown.length === 0) {
    return (
      <p className="site-empty">
        Your wishlist is empty. <Link href="/beats">Find beats in the shop</Link> and tap the heart to keep them here.
      </p>
    );
  }
  return (
    <ul className="site-list" aria-label="Wishlist">
      {shown.map((track) => (
        <BeatRow
          key={track.id}
          track={track}
          queue={shown}
          actions={
            <button type="button" className="studio-button studio-button--quiet" aria-label={`Remove ${track.name} from wishlist`} onClick={() => dispatch(wishlistToggleRequested(track.id, track.name))}>
              Remove
            </button>
          }
        />
      ))}
    </ul>
  );
}
