import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements, StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import type { StripePort } from '../../shared/api/stripePort';
import type { WalletType } from '../../shared/features/checkout/checkoutSlice';
import type { ShippingAddress } from '../../shared/schemas/order';
import { WALLET_TYPES } from '../../shared/schemas/order';

const LOAD_FAILED = 'The secure payment form could not be loaded. Please try again later or pay with PayPal.';
const NOT_READY = 'The secure payment form is not ready yet.';

const isWalletType = (type: string): type is WalletType => (WALLET_TYPES as readonly string[]).includes(type);

/** The wallet's billing address, in our order's words, when the wallet gave a complete one. */
function addressOf(event: StripeExpressCheckoutElementConfirmEvent): ShippingAddress | null {
  const details = event.shippingAddress ?? event.billingDetails;
  const address = details?.address;
  if (!details?.name || !address?.line1 || !address.city || !address.postal_code || !address.country) return null;
  return {
    fullName: details.name.slice(0, 120),
    line1: address.line1.slice(0, 200),
    ...(address.line2 ? { line2: address.line2.slice(0, 200) } : {}),
    city: address.city.slice(0, 100),
    postalCode: address.postal_code.slice(0, 20),
    country: address.country,
  };
}

/**
 * Stripe.js behind the saga's port. The `pure` loader adds Stripe's script only when the payment
 * form first mounts its fields, so a page without a publishable key never loads it (and the
 * Content-Security-Policy does not allow it then).
 */
export function createStripeJsPort(): StripePort {
  let stripe: Stripe | null = null;
  let cardElements: StripeElements | null = null;
  let walletElements: StripeElements | null = null;
  let walletConfirmation: StripeExpressCheckoutElementConfirmEvent | null = null;

  return {
    mount({ publishableKey, amountCents, cardElementId, walletElementId }, onEvent) {
      let unmounted = false;
      const destroyers: (() => void)[] = [];
      loadStripe(publishableKey)
        .then((loaded) => {
          if (unmounted) return;
          if (!loaded) throw new Error('Stripe.js did not load');
          stripe = loaded;
          // Card: a PaymentMethod made here, charged by our server (POST /ecommerce/orders/stripe).
          cardElements = loaded.elements({ mode: 'payment', amount: amountCents, currency: 'usd', paymentMethodCreation: 'manual', allowedPaymentMethodTypes: ['card'] });
          const card = cardElements.create('payment', { wallets: { applePay: 'never', googlePay: 'never' } });
          card.on('ready', () => onEvent({ type: 'ready' }));
          card.on('loaderror', () => onEvent({ type: 'failed', message: LOAD_FAILED }));
          card.mount(`#${cardElementId}`);
          destroyers.push(() => card.destroy());
          // Wallets: confirmed here with the client secret of the order our server creates.
          const elements = loaded.elements({ mode: 'payment', amount: amountCents, currency: 'usd' });
          walletElements = elements;
          const wallet = elements.create('expressCheckout', {
            paymentMethods: { applePay: 'auto', googlePay: 'auto', link: 'auto', amazonPay: 'never', paypal: 'never', klarna: 'never' },
          });
          wallet.on('confirm', (event) => {
            void elements.submit().then(({ error }) => {
              if (error || !isWalletType(event.expressPaymentType)) {
                event.paymentFailed({ reason: 'fail', message: error?.message });
                return;
              }
              walletConfirmation = event;
              onEvent({ type: 'walletConfirmed', walletType: event.expressPaymentType, shippingAddress: addressOf(event) });
            });
          });
          wallet.mount(`#${walletElementId}`);
          destroyers.push(() => wallet.destroy());
        })
        .catch(() => {
          if (!unmounted) onEvent({ type: 'failed', message: LOAD_FAILED });
        });
      return () => {
        unmounted = true;
        for (const destroy of destroyers) destroy();
        cardElements = null;
        walletElements = null;
        walletConfirmation = null;
      };
    },

    async createCardPaymentMethod() {
      if (!stripe || !cardElements) return { error: NOT_READY };
      const submitted = await cardElements.submit();
      if (submitted.error) return { error: submitted.error.message ?? 'Please check your card details.' };
      const { error, paymentMethod } = await stripe.createPaymentMethod({ elements: cardElements });
      if (error) return { error: error.message ?? 'Please check your card details.' };
      return { paymentMethodId: paymentMethod.id };
    },

    async confirmWalletPayment(clientSecret, returnPath) {
      if (!stripe || !walletElements) return { error: NOT_READY };
      const { error } = await stripe.confirmPayment({
        elements: walletElements,
        clientSecret,
        confirmParams: { return_url: new URL(returnPath, window.location.href).href },
        redirect: 'if_required',
      });
      if (error) walletConfirmation?.paymentFailed({ reason: 'fail' });
      walletConfirmation = null;
      return { error: error ? (error.message ?? 'The wallet payment did not go through.') : null };
    },

    walletPaymentFailed() {
      walletConfirmation?.paymentFailed({ reason: 'fail' });
      walletConfirmation = null;
    },

    async handleNextAction(clientSecret) {
      if (!stripe) return { error: NOT_READY };
      const { error } = await stripe.handleNextAction({ clientSecret });
      return { error: error ? (error.message ?? 'The card could not be authenticated.') : null };
    },
  };
}
