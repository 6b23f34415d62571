import { type CartRow, selectCartPlayQueue } from '../../../shared/features/cart/cartSlice';
import { useAppSelector } from '../../store/hooks';
import { PlayButton } from '../player/PlayButton';

/**
 * SPEC §2: a cart row's play/pause, the player's own PlayButton with the cart's products as the
 * queue (beats and sample packs alike). The 'Loading' row, a row on its way out and a product no
 * longer for sale keep the slot empty.
 */
export function CartRowPlay({ item }: { item: CartRow }) {
  const queue = useAppSelector(selectCartPlayQueue);
  const playable = item.active && !item.isLoading && !item.isRemovedFromCart;
  return <span className="cart-row__play">{playable && <PlayButton track={item.product} queue={queue} className="cart-row__play-button" />}</span>;
}
