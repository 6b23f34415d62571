import type { ProviderName } from '../domain/order/orderEvents';

/** Where a payment stands at the provider, in the words every provider maps to. */
export type PaymentOutcome =
  | { status: 'succeeded'; providerPaymentId: string }
  | { status: 'requires_action'; providerPaymentId: string; nextActionUrl: string | null; clientSecret: string | null }
  | { status: 'failed'; providerPaymentId: string | null; reason: string }
  | { status: 'canceled'; providerPaymentId: string };

export interface CardCharge {
  orderId: string;
  amountCents: number;
  /** The provider's payment-method id (pm_…); card numbers never reach us. */
  paymentMethodId: string;
  /** Where a 3-D Secure step sends the buyer back to. */
  returnUrl: string;
}

/** Cards and wallets: Stripe PaymentIntents, or the sandbox's stand-in for them. */
/** A provider's notice about a payment, checked for its signature. */
export interface WebhookNotice {
  /** Our order id when the provider carries it back (metadata, custom id). */
  orderId: string | null;
  outcome: PaymentOutcome;
}

/** What a webhook handler needs: the raw body (signatures cover its exact bytes) and the headers. */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | undefined>;
}

/** A webhook whose signature does not verify: answered 400 and otherwise ignored. */
export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature does not verify') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface CardPayments {
  readonly provider: ProviderName;
  /** Null when the notice is about something else (an event type we do not act on). */
  verifyWebhook?(request: WebhookRequest): Promise<WebhookNotice | null>;
  /** The order id is the idempotency key: a retried call never charges twice. */
  chargeCard(charge: CardCharge): Promise<PaymentOutcome>;
  /** A wallet (Apple Pay, Google Pay, Link) pays in the browser with the answer's client secret. */
  startWalletPayment(payment: { orderId: string; amountCents: number; walletType: string | null; returnUrl: string }): Promise<PaymentOutcome>;
  retrieve(providerPaymentId: string): Promise<PaymentOutcome>;
  /**
   * The payment made for our order, found by the order id it carries, or null when the provider
   * has none: how an attempt whose answer was lost (a crash, a timeout) is settled.
   */
  findPayment(orderId: string): Promise<PaymentOutcome | null>;
  cancel(providerPaymentId: string): Promise<PaymentOutcome>;
  refund(providerPaymentId: string, orderId: string): Promise<void>;
}

/**
 * PayPal Orders v2, or the sandbox's local approval page. PayPal moves money only at capture,
 * which needs the PayPal order id recorded beforehand, so an attempt without a recorded id has
 * taken no money and needs no lookup.
 */
export interface PayPalPayments {
  readonly provider: ProviderName;
  verifyWebhook?(request: WebhookRequest): Promise<WebhookNotice | null>;
  /** Answers requires_action with the approval page as nextActionUrl. */
  createOrder(order: { orderId: string; amountCents: number; returnUrl: string; cancelUrl: string }): Promise<PaymentOutcome>;
  /** Takes the approved money; an order not approved yet stays requires_action. */
  capture(providerPaymentId: string, orderId: string): Promise<PaymentOutcome>;
  retrieve(providerPaymentId: string): Promise<PaymentOutcome>;
  refund(providerPaymentId: string, orderId: string): Promise<void>;
}

export interface Payments {
  card: CardPayments;
  paypal: PayPalPayments;
  /** The built-in provider when it serves either kind; its pages are mounted only then. */
  sandbox: import('./sandboxProvider').SandboxPayments | null;
}

/** A provider that could not be reached or answered nonsense: the buyer may retry, nothing is decided. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

export const CARD_DECLINED = 'Your card was declined.';
