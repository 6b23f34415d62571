import Stripe from 'stripe';
import { type CardPayments, PaymentProviderError, type PaymentOutcome, type WebhookNotice, type WebhookRequest, WebhookSignatureError } from './paymentProvider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at nock with a short timeout. */
  timeoutMs?: number;
}

/**
 * The official SDK: it signs requests, retries network failures with the same Idempotency-Key, and
 * verifies webhooks. It talks over Node's fetch: the SDK's http.request client writes the body
 * only after the socket's `secureConnect`, which request interceptors (nock 14 in our tests,
 * corporate proxies' agents) may never emit.
 */
export function createStripeClient(options: StripeOptions): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 30_000,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(),
  });
}

const succeededOutcome = (intent: Stripe.PaymentIntent): PaymentOutcome => ({ status: 'succeeded', providerPaymentId: intent.id });

/** A PaymentIntent in the words of our order's state machine. */
export function intentOutcome(intent: Stripe.PaymentIntent): PaymentOutcome {
  switch (intent.status) {
    case 'succeeded':
      return succeededOutcome(intent);
    case 'canceled':
      return { status: 'canceled', providerPaymentId: intent.id };
    case 'requires_payment_method':
      // After a failed attempt Stripe waits for another method; before any, a wallet is still to pay.
      return intent.last_payment_error
        ? { status: 'failed', providerPaymentId: intent.id, reason: intent.last_payment_error.message ?? 'The payment failed.' }
        : { status: 'requires_action', providerPaymentId: intent.id, nextActionUrl: null, clientSecret: intent.client_secret };
    case 'requires_action':
    case 'requires_confirmation':
    case 'requires_capture':
    case 'processing':
      return {
        status: 'requires_action',
        providerPaymentId: intent.id,
        nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
        clientSecret: intent.client_secret,
      };
    default:
      return { status: 'requires_action', providerPaymentId: intent.id, nextActionUrl: null, clientSecret: intent.client_secret };
  }
}

/** Stripe's own errors: a card error is the buyer's outcome, anything else means "try again". */
function outcomeOfError(error: unknown): PaymentOutcome {
  if (error instanceof Stripe.errors.StripeCardError) {
    return { status: 'failed', providerPaymentId: error.payment_intent?.id ?? null, reason: error.message };
  }
  if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(`Stripe: ${error.type}`, { cause: error });
  throw error;
}

/** Card and wallet payments with Stripe PaymentIntents. The order id is in every idempotency key and in the metadata. */
export class StripeCardPayments implements CardPayments {
  readonly provider = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  async chargeCard({ orderId, amountCents, paymentMethodId, returnUrl }: Parameters<CardPayments['chargeCard']>[0]): Promise<PaymentOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          payment_method: paymentMethodId,
          payment_method_types: ['card'],
          confirm: true,
          // A 3-D Secure step then comes as a URL, which every storefront can follow.
          use_stripe_sdk: false,
          return_url: returnUrl,
          metadata: { orderId },
        },
        { idempotencyKey: `order-${orderId}-card` },
      );
      return intentOutcome(intent);
    } catch (error) {
      return outcomeOfError(error);
    }
  }

  async startWalletPayment({ orderId, amountCents }: Parameters<CardPayments['startWalletPayment']>[0]): Promise<PaymentOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        { amount: amountCents, currency: 'usd', automatic_payment_methods: { enabled: true }, metadata: { orderId } },
        { idempotencyKey: `order-${orderId}-wallet` },
      );
      // The Express Checkout Element confirms it in the browser with the client secret.
      return { status: 'requires_action', providerPaymentId: intent.id, nextActionUrl: null, clientSecret: intent.client_secret };
    } catch (error) {
      return outcomeOfError(error);
    }
  }

  async retrieve(providerPaymentId: string): Promise<PaymentOutcome> {
    try {
      return intentOutcome(await this.stripe.paymentIntents.retrieve(providerPaymentId));
    } catch (error) {
      return outcomeOfError(error);
    }
  }

  /**
   * Every PaymentIntent we create carries the order id in its metadata. Stripe's search index can
   * lag a little behind a create; an order settled as unpaid meanwhile is refunded by the
   * payment_intent.succeeded webhook if money did move.
   */
  async findPayment(orderId: string): Promise<PaymentOutcome | null> {
    try {
      const found = await this.stripe.paymentIntents.search({ query: `metadata['orderId']:'${orderId.replace(/[^0-9a-f-]/g, '')}'`, limit: 10 });
      const newest = [...found.data].sort((a, b) => b.created - a.created)[0];
      return newest ? intentOutcome(newest) : null;
    } catch (error) {
      return outcomeOfError(error);
    }
  }

  async cancel(providerPaymentId: string): Promise<PaymentOutcome> {
    try {
      return intentOutcome(await this.stripe.paymentIntents.cancel(providerPaymentId));
    } catch (error) {
      // Too late to cancel (it succeeded meanwhile): say where it stands instead.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieve(providerPaymentId);
      return outcomeOfError(error);
    }
  }

  async refund(providerPaymentId: string, orderId: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: providerPaymentId, reason: 'requested_by_customer' }, { idempotencyKey: `order-${orderId}-refund` });
    } catch (error) {
      outcomeOfError(error);
    }
  }

  async verifyWebhook({ rawBody, headers }: WebhookRequest): Promise<WebhookNotice | null> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, headers['stripe-signature'] ?? '', this.webhookSecret);
    } catch {
      throw new WebhookSignatureError();
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        const intent = event.data.object;
        return { orderId: intent.metadata?.orderId ?? null, outcome: intentOutcome(intent) };
      }
      default:
        return null;
    }
  }
}
