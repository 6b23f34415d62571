import { randomBytes } from 'node:crypto';
import type { CardPayments, PaymentOutcome, PayPalPayments } from './paymentProvider';
import { CARD_DECLINED } from './paymentProvider';

/** The sandbox is this server, so it sends the buyer back by path, whatever PUBLIC_URL says. */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://placeholder.invalid');
  return `${parsed.pathname}${parsed.search}`;
};

/** Stripe's documented test payment methods that the sandbox understands. */
export const SANDBOX_CARDS = {
  succeeds: 'pm_card_visa',
  declines: 'pm_card_chargeDeclined',
  requiresAction: 'pm_card_threeDSecure2Required',
} as const;

export type SandboxKind = 'card' | 'threeDSecure' | 'wallet' | 'paypal';
type SandboxStatus = 'requires_action' | 'approved' | 'succeeded' | 'failed' | 'canceled' | 'refunded';

export interface SandboxPayment {
  id: string;
  orderId: string;
  kind: SandboxKind;
  amountCents: number;
  status: SandboxStatus;
  returnUrl: string;
  cancelUrl: string;
  /** How many times money moved: the idempotency tests count it. */
  charges: number;
  refunds: number;
}

/**
 * The built-in provider when no keys are configured: it answers like Stripe and PayPal, offline.
 * Its payments live in this process, as a remote provider's would live over there; the pages a
 * buyer would see at the provider (3-D Secure, the PayPal approval) are served by
 * server/http/sandboxPages.ts under /sandbox-pay.
 */
export class SandboxPayments {
  readonly provider = 'sandbox' as const;
  private readonly payments = new Map<string, SandboxPayment>();
  /** Idempotency: one payment per order and kind, as an idempotency key gives at Stripe. */
  private readonly byOrder = new Map<string, string>();

  get(id: string): SandboxPayment | undefined {
    return this.payments.get(id);
  }

  /** Every payment so far, for tests that check money moved once. */
  all(): SandboxPayment[] {
    return [...this.payments.values()];
  }

  /** Every payment of an order, for tests that check nothing was charged twice. */
  forOrder(orderId: string): SandboxPayment[] {
    return [...this.payments.values()].filter((payment) => payment.orderId === orderId);
  }

  private create(orderId: string, kind: SandboxKind, amountCents: number, status: SandboxStatus, urls: { returnUrl: string; cancelUrl: string }): SandboxPayment {
    const key = `${orderId}:${kind === 'threeDSecure' ? 'card' : kind}`;
    const existing = this.byOrder.get(key);
    if (existing) return this.payments.get(existing)!;
    const payment: SandboxPayment = {
      id: `sbx_${randomBytes(12).toString('hex')}`,
      orderId,
      kind,
      amountCents,
      status,
      returnUrl: pathOf(urls.returnUrl),
      cancelUrl: pathOf(urls.cancelUrl),
      charges: status === 'succeeded' ? 1 : 0,
      refunds: 0,
    };
    this.payments.set(payment.id, payment);
    this.byOrder.set(key, payment.id);
    return payment;
  }

  /** A path on this server: the storefront follows it on whatever host it was reached at. */
  pageUrl(payment: SandboxPayment): string {
    return `/sandbox-pay/${payment.id}`;
  }

  outcome(payment: SandboxPayment): PaymentOutcome {
    switch (payment.status) {
      case 'succeeded':
      case 'refunded':
        return { status: 'succeeded', providerPaymentId: payment.id };
      case 'failed':
        return { status: 'failed', providerPaymentId: payment.id, reason: payment.kind === 'threeDSecure' ? 'The card could not be authenticated.' : CARD_DECLINED };
      case 'canceled':
        return { status: 'canceled', providerPaymentId: payment.id };
      case 'requires_action':
      case 'approved':
        return {
          status: 'requires_action',
          providerPaymentId: payment.id,
          nextActionUrl: this.pageUrl(payment),
          clientSecret: payment.kind === 'wallet' ? `${payment.id}_secret_sandbox` : null,
        };
      default: {
        const unknownStatus: never = payment.status;
        return unknownStatus;
      }
    }
  }

  private require(id: string): SandboxPayment {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`No sandbox payment ${id}`);
    return payment;
  }

  /** The buyer completed the step on the sandbox page: 3-D Secure passed, wallet paid, or PayPal approved. */
  approve(id: string): SandboxPayment {
    const payment = this.require(id);
    if (payment.status !== 'requires_action') return payment;
    if (payment.kind === 'paypal') payment.status = 'approved';
    else {
      payment.status = 'succeeded';
      payment.charges++;
    }
    return payment;
  }

  /** The buyer gave up on the sandbox page: authentication failed, or PayPal was cancelled. */
  decline(id: string): SandboxPayment {
    const payment = this.require(id);
    if (payment.status === 'requires_action' || payment.status === 'approved') payment.status = payment.kind === 'paypal' ? 'canceled' : 'failed';
    return payment;
  }

  readonly card: CardPayments = {
    provider: 'sandbox',
    chargeCard: async ({ orderId, amountCents, paymentMethodId, returnUrl }) => {
      const urls = { returnUrl, cancelUrl: returnUrl };
      switch (paymentMethodId) {
        case SANDBOX_CARDS.succeeds:
          return this.outcome(this.create(orderId, 'card', amountCents, 'succeeded', urls));
        case SANDBOX_CARDS.declines:
          return this.outcome(this.create(orderId, 'card', amountCents, 'failed', urls));
        case SANDBOX_CARDS.requiresAction:
          return this.outcome(this.create(orderId, 'threeDSecure', amountCents, 'requires_action', urls));
        default:
          return {
            status: 'failed',
            providerPaymentId: null,
            reason: `The sandbox accepts only the test payment methods ${Object.values(SANDBOX_CARDS).join(', ')}.`,
          };
      }
    },
    startWalletPayment: async ({ orderId, amountCents, returnUrl }) =>
      this.outcome(this.create(orderId, 'wallet', amountCents, 'requires_action', { returnUrl, cancelUrl: returnUrl })),
    retrieve: async (id) => this.outcome(this.require(id)),
    cancel: async (id) => {
      const payment = this.require(id);
      if (payment.status === 'requires_action') payment.status = 'canceled';
      return this.outcome(payment);
    },
    refund: async (id) => this.refund(id),
  };

  readonly paypal: PayPalPayments = {
    provider: 'sandbox',
    createOrder: async ({ orderId, amountCents, returnUrl, cancelUrl }) =>
      this.outcome(this.create(orderId, 'paypal', amountCents, 'requires_action', { returnUrl, cancelUrl })),
    capture: async (id) => {
      const payment = this.require(id);
      if (payment.status === 'approved') {
        payment.status = 'succeeded';
        payment.charges++;
      }
      return this.outcome(payment);
    },
    retrieve: async (id) => {
      const payment = this.require(id);
      // Approved is not paid: PayPal money moves at capture.
      return this.outcome(payment);
    },
    refund: async (id) => this.refund(id),
  };

  private refund(id: string): void {
    const payment = this.require(id);
    if (payment.status === 'succeeded') {
      payment.status = 'refunded';
      payment.refunds++;
    }
  }
}
