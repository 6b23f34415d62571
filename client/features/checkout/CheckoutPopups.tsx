import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { countriesRequested, selectCountries, selectUser } from '../../../shared/features/auth/authSlice';
import { selectCart } from '../../../shared/features/cart/cartSlice';
import {
  addressSubmitted,
  cardPaymentSubmitted,
  checkoutPopupClosed,
  downloadRequested,
  paymentFormOpened,
  paypalPaymentSubmitted,
  selectCheckout,
  selectCheckoutPopup,
  stripeCardSubmitted,
  stripeFieldHidden,
  stripeFieldShown,
  walletPaymentChosen,
  type WalletType,
} from '../../../shared/features/checkout/checkoutSlice';
import { DOWNLOAD_DAYS } from '../../../shared/domain/constants';
import { STRIPE_CARD_ELEMENT_ID, STRIPE_WALLET_ELEMENT_ID } from '../../../shared/api/stripePort';
import { selectStripePublishableKey } from '../../../shared/features/config/configSlice';
import { type Download, WALLET_TYPES } from '../../../shared/schemas/order';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatUsd, toCents } from '../../../shared/domain/money';
import { Popup } from '../popup/Popup';
import { SANDBOX_TEST_CARDS, WALLET_LABELS } from './sandboxCards';

type Method = 'card' | 'paypal' | 'wallet';

/** SPEC §4: page scroll is locked on the payment form only below this width. */
const PAYMENT_FORM_SCROLL_LOCK_BELOW_PX = 1440;

function useClose() {
  const dispatch = useAppDispatch();
  return useCallback(() => dispatch(checkoutPopupClosed()), [dispatch]);
}

/** The order was refused because its total changed since the buyer saw it: the server's words, above the new Pay button. */
function PriceChangeNotice() {
  const { priceChangeNotice } = useAppSelector(selectCheckout);
  return priceChangeNotice ? (
    <p className="payment-methods__error" role="alert">
      {priceChangeNotice}
    </p>
  ) : null;
}

/**
 * With a Stripe publishable key, the card and wallet choices are Stripe's own fields (the Payment
 * Element and the Express Checkout Element), mounted by the checkout saga into these elements.
 */
function StripeFields({ method }: { method: Method }) {
  const dispatch = useAppDispatch();
  const { total } = useAppSelector(selectCart);
  const { stripeField, failureReason } = useAppSelector(selectCheckout);
  const amountCents = Math.round(total * 100);
  useEffect(() => {
    dispatch(stripeFieldShown({ amountCents }));
    return () => {
      dispatch(stripeFieldHidden());
    };
  }, [dispatch, amountCents]);
  return (
    <>
      {stripeField === 'loading' && method !== 'paypal' && <p className="payment-methods__note">Loading the secure payment form…</p>}
      {failureReason && <p className="payment-methods__error" role="alert">{failureReason}</p>}
      <div id={STRIPE_CARD_ELEMENT_ID} className="stripe-field" role="group" aria-label="Card details" hidden={method !== 'card'} />
      <div id={STRIPE_WALLET_ELEMENT_ID} className="stripe-field" role="group" aria-label="Wallets" hidden={method !== 'wallet'} />
    </>
  );
}

/** SPEC §2 "cart payment form": card (Stripe's field, or the sandbox's test cards by name), PayPal, or a wallet. */
function PaymentFormPopup() {
  const dispatch = useAppDispatch();
  const close = useClose();
  const { total } = useAppSelector(selectCart);
  const { status, stripeField } = useAppSelector(selectCheckout);
  const stripeKey = useAppSelector(selectStripePublishableKey);
  const [method, setMethod] = useState<Method>('card');
  const [card, setCard] = useState<string>(SANDBOX_TEST_CARDS[0].id);
  const [wallet, setWallet] = useState<WalletType>('google_pay');
  const busy = status !== 'idle';
  const pay = (event: FormEvent) => {
    event.preventDefault();
    // The total the Pay button shows is the one the server must charge.
    const expectedTotal = toCents(total);
    if (method === 'card' && stripeKey) dispatch(stripeCardSubmitted({ expectedTotal }));
    else if (method === 'card') dispatch(cardPaymentSubmitted({ paymentMethodId: card, expectedTotal }));
    else if (method === 'paypal') dispatch(paypalPaymentSubmitted({ expectedTotal }));
    else dispatch(walletPaymentChosen(wallet));
  };
  return (
    <Popup title="Payment" onClose={close} lockScrollBelowPx={PAYMENT_FORM_SCROLL_LOCK_BELOW_PX}>
      <form onSubmit={pay} aria-busy={busy}>
        <fieldset className="payment-methods">
          <legend>Pay with</legend>
          {(['card', 'paypal', 'wallet'] as const).map((value) => (
            <label key={value} className="payment-methods__option">
              <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} />
              {value === 'card' ? 'Card' : value === 'paypal' ? 'PayPal' : 'Wallet'}
            </label>
          ))}
        </fieldset>
        {stripeKey && <StripeFields method={method} />}
        {!stripeKey && method === 'card' && (
          <label className="field">
            Test card
            <select value={card} onChange={(event) => setCard(event.target.value)}>
              {SANDBOX_TEST_CARDS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {!stripeKey && method === 'wallet' && (
          <label className="field">
            Wallet
            <select value={wallet} onChange={(event) => setWallet(event.target.value as WalletType)}>
              {WALLET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {WALLET_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
        )}
        {method === 'paypal' && <p className="payment-methods__note">You will approve the payment on PayPal's page and come back here.</p>}
        <PriceChangeNotice />
        {/* With Stripe, a wallet pays with its own button in the Express Checkout Element. */}
        {!(stripeKey && method === 'wallet') && (
          <button type="submit" disabled={busy || (Boolean(stripeKey) && method === 'card' && stripeField !== 'ready')}>
            {busy ? 'Processing…' : method === 'wallet' ? 'Continue' : `Pay ${formatUsd(total)}`}
          </button>
        )}
      </form>
    </Popup>
  );
}

/** SPEC §2 "address" popup: a wallet payment request carries the shipping address. */
function AddressPopup() {
  const dispatch = useAppDispatch();
  const close = useClose();
  const countries = useAppSelector(selectCountries);
  const { status } = useAppSelector(selectCheckout);
  const { total } = useAppSelector(selectCart);
  useEffect(() => {
    dispatch(countriesRequested());
  }, [dispatch]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const line2 = text('line2');
    dispatch(
      addressSubmitted({
        shippingAddress: {
          fullName: text('fullName'),
          line1: text('line1'),
          ...(line2 ? { line2 } : {}),
          city: text('city'),
          postalCode: text('postalCode'),
          country: text('country'),
        },
        expectedTotal: toCents(total),
      }),
    );
  };
  const field = (name: string, label: string, options: { required?: boolean; maxLength: number; autoComplete: string }) => (
    <label className="field">
      {label}
      <input name={name} required={options.required ?? true} maxLength={options.maxLength} autoComplete={options.autoComplete} />
    </label>
  );
  return (
    <Popup title="Shipping address" onClose={close}>
      <form onSubmit={submit}>
        {field('fullName', 'Full name', { maxLength: 120, autoComplete: 'name' })}
        {field('line1', 'Address', { maxLength: 200, autoComplete: 'address-line1' })}
        {field('line2', 'Address line 2 (optional)', { required: false, maxLength: 200, autoComplete: 'address-line2' })}
        {field('city', 'City', { maxLength: 100, autoComplete: 'address-level2' })}
        {field('postalCode', 'Postal code', { maxLength: 20, autoComplete: 'postal-code' })}
        <label className="field">
          Country
          <select name="country" required defaultValue="" autoComplete="country-name">
            <option value="" disabled>
              Choose a country
            </option>
            {countries.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <PriceChangeNotice />
        <button type="submit" disabled={status !== 'idle'}>
          {status === 'idle' ? `Pay ${formatUsd(total)}` : 'Processing…'}
        </button>
      </form>
    </Popup>
  );
}

const KIND_LABELS: Record<Download['kind'], string> = {
  beat: 'Beat',
  projectFile: 'Project file',
  samplePack: 'Sample pack',
  contacts: 'Contacts list',
};

function SuccessPopup() {
  const close = useClose();
  const dispatch = useAppDispatch();
  const { order, downloadNotices } = useAppSelector(selectCheckout);
  return (
    <Popup title="Payment successful" onClose={close}>
      <p>Thank you for your purchase. Your files are ready to download:</p>
      <ul className="downloads" aria-label="Downloads">
        {(order?.downloads ?? []).map((download) => (
          <li key={`${download.productId}-${download.kind}`}>
            <a
              href={download.url}
              download
              onClick={(event) => {
                event.preventDefault();
                dispatch(downloadRequested({ url: download.url }));
              }}
            >
              {`${download.name} (${KIND_LABELS[download.kind]})`}
            </a>
            {downloadNotices[download.url] ? (
              <p className="downloads__notice" role="status">
                {downloadNotices[download.url]}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="downloads__note">{`The links work for ${DOWNLOAD_DAYS} days from the purchase. We have also sent them to your email.`}</p>
      <button type="button" className="button" onClick={close}>
        Close
      </button>
    </Popup>
  );
}

function FailedPopup() {
  const dispatch = useAppDispatch();
  const close = useClose();
  const { failureReason } = useAppSelector(selectCheckout);
  return (
    <Popup title="Payment failed" onClose={close}>
      <p role="alert">{failureReason}</p>
      <div className="popup__actions">
        <button type="button" className="button" onClick={() => dispatch(paymentFormOpened())}>
          Try again
        </button>
        <button type="button" className="button button--secondary" onClick={close}>
          Close
        </button>
      </div>
    </Popup>
  );
}

/**
 * The checkout's popups: the latest checkout entry of the `frame` list, when this page holds
 * what it shows (a reloaded `frame=success` has no order to list, so it stays closed).
 */
export function CheckoutPopups() {
  const popup = useAppSelector(selectCheckoutPopup);
  const { order, failureReason, walletType } = useAppSelector(selectCheckout);
  const user = useAppSelector(selectUser);
  switch (popup) {
    case 'payment':
      return user ? <PaymentFormPopup /> : null;
    case 'address':
      return user && walletType ? <AddressPopup /> : null;
    case 'success':
      return order ? <SuccessPopup /> : null;
    case 'failed':
      return failureReason ? <FailedPopup /> : null;
    case null:
      return null;
    default: {
      const _never: never = popup;
      return _never;
    }
  }
}
