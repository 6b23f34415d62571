import { type CartProductInput, cartToggleRequested, selectIsCartItemPending, selectIsInCart } from '../../../shared/features/cart/cartSlice';
import { selectOwnProducerId } from '../../../shared/features/auth/authSlice';
import type { RootState } from '../../../shared/store/rootReducer';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/**
 * SPEC §2: 'Add to cart', or 'Added' once the product is in the cart (pressing it again takes it
 * out); nothing for a product that is sold, nor for a producer's own product (the server refuses it).
 */
export function AddToCartButton({ product, className }: { product: CartProductInput & { isSold: boolean }; className?: string }) {
  const dispatch = useAppDispatch();
  const inCart = useAppSelector((state: RootState) => selectIsInCart(state, product.id));
  const pending = useAppSelector((state: RootState) => selectIsCartItemPending(state, product.id));
  const ownProducerId = useAppSelector(selectOwnProducerId);
  if (product.isSold || (ownProducerId !== null && product.producer?.id === ownProducerId)) return null;
  return (
    <button
      type="button"
      className={['add-to-cart', inCart && 'add-to-cart--added', className].filter(Boolean).join(' ')}
      aria-label={inCart ? `Added to cart: ${product.name}` : `Add to cart: ${product.name}`}
      aria-pressed={inCart}
      disabled={pending}
      onClick={() => dispatch(cartToggleRequested({ product }))}
    >
      {inCart ? 'Added' : 'Add to cart'}
    </button>
  );
}
