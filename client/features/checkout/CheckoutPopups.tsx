import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { countriesRequested, selectCountries } from '../../../shared/features/auth/authSlice';
import { selectCart } from '../../../shared/features/cart/cartSlice';
import {
  addressSubmitted,
  cardPaymentSubmitted,
  checkoutPopupClosed,
  paymentFormOpened,
  paypalPaymentSubmitted,
  selectCheckout,
  walletPaymentChosen,
  type WalletType,
} from '../../../shared/features/checkout/checkoutSlice';
import { DOWNLOAD_DAYS } from '../../../shared/domain/constants';
import { type Download, WALLET_TYPES } from '../../../shared/schemas/order';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatUsd } from '../cart/money';
import { Popup } from '../popup/Popup';
import { SANDBOX_TEST_CARDS, WALLET_LABELS } from './sandboxCards';

type Method = 'card' | 'paypal' | 'wallet';

function useClose() {
  const dispatch = useAppDispatch();
  return useCallback(() => dispatch(checkoutPopupClosed()), [dispatch]);
}

/** SPEC §2 "cart payment form": card (the sandbox's test cards by name), PayPal, or a wallet. */
function PaymentFormPopup() {
  const dispatch = useAppDispatch();
  const close = useClose();
  const { total } = useAppSelector(selectCart);
  const { status } = useAppSelector(selectCheckout);
  const [method, setMethod] = useState<Method>('card');
  const [card, setCard] = useState<string>(SANDBOX_TEST_CARDS[0].id);
  const [wallet, setWallet] = useState<WalletType>('google_pay');
  const busy = status !== 'idle';
  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'card') dispatch(cardPaymentSubmitted({ paymentMethodId: card }));
    else if (method === 'paypal') dispatch(paypalPaymentSubmitted());
    else dispatch(walletPaymentChosen(wallet));
  };
  return (
    <Popup title="Payment" onClose={close}>
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
        {method === 'card' && (
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
        {method === 'wallet' && (
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
        <button type="submit" disabled={busy}>
          {busy ? 'Processing…' : method === 'wallet' ? 'Continue' : `Pay ${formatUsd(total)}`}
        </button>
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
        fullName: text('fullName'),
        line1: text('line1'),
        ...(line2 ? { line2 } : {}),
        city: text('city'),
        postalCode: text('postalCode'),
        country: text('country'),
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
        <button type="submit" disabled={status !== 'idle'}>
          {status === 'idle' ? 'Pay' : 'Processing…'}
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
  const { order } = useAppSelector(selectCheckout);
  return (
    <Popup title="Payment successful" onClose={close}>
      <p>Thank you for your purchase. Your files are ready to download:</p>
      <ul className="downloads" aria-label="Downloads">
        {(order?.downloads ?? []).map((download) => (
          <li key={`${download.productId}-${download.kind}`}>
            <a href={download.url} download>
              {`${download.name} (${KIND_LABELS[download.kind]})`}
            </a>
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

/** The checkout's popups on the cart page; a route change closes them (checkout slice). */
export function CheckoutPopups() {
  const { popup } = useAppSelector(selectCheckout);
  switch (popup) {
    case 'paymentForm':
      return <PaymentFormPopup />;
    case 'address':
      return <AddressPopup />;
    case 'success':
      return <SuccessPopup />;
    case 'failed':
      return <FailedPopup />;
    case null:
      return null;
    default: {
      const _never: never = popup;
      return _never;
    }
  }
}
