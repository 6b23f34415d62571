import { useEffect, useRef } from 'react';
import {
  cartClearRequested,
  cartDropdownClosed,
  cartDropdownToggled,
  selectCart,
  selectCartCount,
} from '../../../shared/features/cart/cartSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { CartItemRow } from './CartItemRow';
import { formatUsd } from '../../../shared/domain/money';

/** SPEC §2: the cart icon with its counter; it opens the cart dropdown, which an outside click or Escape closes. */
export function HeaderCart() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCart);
  const count = useAppSelector(selectCartCount);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const open = cart.isDropdownOpen;
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) dispatch(cartDropdownClosed());
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"]')) return;
      dispatch(cartDropdownClosed());
      toggle.current?.focus();
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, dispatch]);

  return (
    <div className="header-cart" ref={box}>
      <button
        type="button"
        ref={toggle}
        className="header-cart__toggle"
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        aria-expanded={open}
        aria-controls={open ? 'cart-dropdown' : undefined}
        onClick={() => dispatch(cartDropdownToggled())}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
          <circle cx="10" cy="20" r="1.4" />
          <circle cx="17" cy="20" r="1.4" />
        </svg>
        <span className="header-cart__count" aria-hidden="true">
          {count}
        </span>
      </button>
      {open && (
        <section id="cart-dropdown" className="cart-dropdown" aria-label="Your cart">
          <header className="cart-dropdown__head">
            <h2>YOUR CART</h2>
            {cart.items.length > 0 && (
              <button type="button" className="cart-dropdown__clear" onClick={() => dispatch(cartClearRequested())}>
                CLEAR CART
              </button>
            )}
          </header>
          {cart.items.length === 0 ? (
            <div className="cart-dropdown__empty">
              <p>Cart is empty</p>
              <p>Please add products to cart</p>
            </div>
          ) : (
            <>
              <ul className="cart-dropdown__list" aria-label="Cart items">
                {cart.items.map((item) => (
                  <CartItemRow key={item.id} item={item} />
                ))}
              </ul>
              <Link className="cart-dropdown__continue" href="/cart" onClick={() => dispatch(cartDropdownClosed())}>
                {`Continue (Subtotal: ${formatUsd(cart.subTotal)})`}
              </Link>
            </>
          )}
        </section>
      )}
    </div>
  );
}
