import { useCallback } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { selectProMembership } from '../../../shared/features/proMembership/proMembershipSlice';
import type { Product } from '../../../shared/schemas/track';
import { openFrames } from '../../../shared/routes/popupQuery';
import { frameClosed, frameOpened } from '../../../sagas/auth/popupActions';
import { cartToggleRequested, selectIsInCart } from '../../../shared/features/cart/cartSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { Popup } from '../popup/Popup';

export const PRO_PURCHASE_FRAME = 'pro-purchase';
/** SPEC §4: the PRO purchase locks page scroll below 1024 px. */
export const PRO_PURCHASE_SCROLL_LOCK_BELOW_PX = 1024;

const BENEFITS = [
  'A PRO badge on your avatar across the storefront',
  'Exclusive benefits for PRO buyers',
  'Bought like any other product: add it to your cart and check out',
];

const price = (product: Product) => formatUsd(product.finalPrice);

/**
 * The PRO membership purchase popup (SPEC §2): a frame in the URL, so Back closes it. It adds the
 * membership to the cart (at the top, SPEC §4), or leads to the cart when it is there already.
 */
function ProPurchasePopup({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const inCart = useAppSelector((state) => selectIsInCart(state, product.id));
  const close = useCallback(() => dispatch(frameClosed(PRO_PURCHASE_FRAME)), [dispatch]);
  return (
    <Popup title="PRO Membership" onClose={close} lockScrollBelowPx={PRO_PURCHASE_SCROLL_LOCK_BELOW_PX}>
      <p>Enjoy exclusive benefits</p>
      <p className="pro-membership__price">{price(product)}</p>
      <div className="popup__actions">
        {inCart ? (
          <Link href="/cart" className="button">
            Go to cart
          </Link>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => {
              dispatch(cartToggleRequested({ product }));
              close();
            }}
          >
            Add to cart
          </button>
        )}
        <button type="button" className="link-button" onClick={close}>
          Cancel
        </button>
      </div>
    </Popup>
  );
}

/** /pro-membership, behind the proMembership flag (404 while it is off). */
export function ProMembershipPage() {
  const dispatch = useAppDispatch();
  const product = useAppSelector(selectProMembership);
  const purchaseOpen = openFrames(useAppSelector(selectLocation).search).includes(PRO_PURCHASE_FRAME);
  if (!product) return null;
  return (
    <main className="pro-membership">
      <h1>PRO Membership</h1>
      <p className="pro-membership__lead">Enjoy exclusive benefits</p>
      <ul className="pro-membership__benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p className="pro-membership__price">{price(product)}</p>
      <button type="button" className="pro-membership__buy" onClick={() => dispatch(frameOpened(PRO_PURCHASE_FRAME))}>
        Buy
      </button>
      {purchaseOpen && <ProPurchasePopup product={product} />}
    </main>
  );
}
