import type { WalletType } from '../features/checkout/checkoutSlice';
import type { ShippingAddress } from '../schemas/order';

/** Where the payment form's Stripe fields mount: the page renders these ids, the port finds them. */
export const STRIPE_CARD_ELEMENT_ID = 'stripe-payment-element';
export const STRIPE_WALLET_ELEMENT_ID = 'stripe-express-checkout';

/** What Stripe's mounted fields tell the sagas. */
export type StripeFieldEvent =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  /** The buyer authorised a wallet payment in its sheet; the order is created now and confirmed with its client secret. */
  | { type: 'walletConfirmed'; walletType: WalletType; shippingAddress: ShippingAddress | null };

/** Stripe's answer when it refuses: the words it shows the buyer. */
export type StripeResult = { error: string | null };

/**
 * Stripe.js in the browser. Its objects (the Stripe instance, Elements, the wallet sheet's event)
 * are not serialisable, so they stay behind this port in the saga context and never enter Redux;
 * the browser's implementation is client/payments/stripeJsPort.ts.
 */
export interface StripePort {
  /**
   * Loads Stripe.js and mounts the Payment Element (card) and the Express Checkout Element
   * (Apple Pay, Google Pay, Link) for a deferred intent of this amount. Answers the unmount.
   */
  mount(
    options: { publishableKey: string; amountCents: number; cardElementId: string; walletElementId: string },
    onEvent: (event: StripeFieldEvent) => void,
  ): () => void;
  /** Checks the card field and creates the PaymentMethod in the browser: its id, never the card number, goes to our server. */
  createCardPaymentMethod(): Promise<{ paymentMethodId: string } | { error: string }>;
  /** Confirms the wallet payment with the order's client secret; a redirecting method comes back to `returnPath`. */
  confirmWalletPayment(clientSecret: string, returnPath: string): Promise<StripeResult>;
  /** Tells the wallet sheet the payment did not go through (our server refused the order). */
  walletPaymentFailed(): void;
  /** The card's extra step (3-D Secure) in Stripe's own dialog. */
  handleNextAction(clientSecret: string): Promise<StripeResult>;
}
