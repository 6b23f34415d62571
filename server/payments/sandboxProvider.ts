import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { SandboxPaymentsTable } from '../db/schema';
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
 * Its payments live in our database, as a remote provider's would live over there, so a restart
 * forgets no 3-D Secure step or PayPal approval in progress; the pages a buyer would see at the
 * provider are served by server/http/sandboxPages.ts under /sandbox-pay. Every change of status
 * is a conditional update, so two servers (or two clicks) never move the money twice.
 */
export class SandboxPayments {
  readonly provider = 'sandbox' as const;

  constructor(private readonly database: Database) {}

  async get(id: string): Promise<SandboxPayment | undefined> {
    const row = await this.database.query.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    return row && paymentOf(row);
  }

  /** Every payment so far, oldest first, for tests that check money moved once. */
  async all(): Promise<SandboxPayment[]> {
    const rows = await this.database.query.selectFrom('sandbox_payments').selectAll().orderBy('seq').execute();
    return rows.map(paymentOf);
  }

  /** Every payment of an order, for tests that check nothing was charged twice. */
  async forOrder(orderId: string): Promise<SandboxPayment[]> {
    const rows = await this.database.query.selectFrom('sandbox_payments').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
    return rows.map(paymentOf);
  }

  private async create(orderId: string, kind: SandboxKind, amountCents: number, status: SandboxStatus, urls: { returnUrl: string; cancelUrl: string }): Promise<SandboxPayment> {
    const idempotencyKey = `${orderId}:${kind === 'threeDSecure' ? 'card' : kind}`;
    const row = await this.database.transaction(async (tx) => {
      await tx
        .insertInto('sandbox_payments')
        .values({
          id: `sbx_${randomBytes(12).toString('hex')}`,
          idempotency_key: idempotencyKey,
          order_id: orderId,
          kind,
          amount_cents: amountCents,
          status,
          return_url: pathOf(urls.returnUrl),
          cancel_url: pathOf(urls.cancelUrl),
          charges: status === 'succeeded' ? 1 : 0,
          refunds: 0,
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
      return tx.selectFrom('sandbox_payments').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
    });
    return paymentOf(row);
  }

  /** Moves a payment from one of `from` to `to` (counting the money that moves) and answers where it stands. */
  private async transition(id: string, from: SandboxStatus[], to: SandboxStatus, moved: { charges?: number; refunds?: number } = {}): Promise<SandboxPayment> {
    const row = await this.database.transaction(async (tx) => {
      await tx
        .updateTable('sandbox_payments')
        .set((eb) => ({
          status: to,
          charges: eb('charges', '+', moved.charges ?? 0),
          refunds: eb('refunds', '+', moved.refunds ?? 0),
        }))
        .where('id', '=', id)
        .where('status', 'in', from)
        .execute();
      return tx.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    });
    if (!row) throw new Error(`No sandbox payment ${id}`);
    return paymentOf(row);
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

  private async require(id: string): Promise<SandboxPayment> {
    const payment = await this.get(id);
    if (!payment) throw new Error(`No sandbox payment ${id}`);
    return payment;
  }

  /** The buyer completed the step on the sandbox page: 3-D Secure passed, wallet paid, or PayPal approved. */
  async approve(id: string): Promise<SandboxPayment> {
    const payment = await this.require(id);
    if (payment.kind === 'paypal') return this.transition(id, ['requires_action'], 'approved');
    return this.transition(id, ['requires_action'], 'succeeded', { charges: 1 });
  }

  /** The buyer gave up on the sandbox page: authentication failed, or PayPal was cancelled. */
  async decline(id: string): Promise<SandboxPayment> {
    const payment = await this.require(id);
    return this.transition(id, ['requires_action', 'approved'], payment.kind === 'paypal' ? 'canceled' : 'failed');
  }

  readonly card: CardPayments = {
    provider: 'sandbox',
    chargeCard: async ({ orderId, amountCents, paymentMethodId, returnUrl }) => {
      const urls = { returnUrl, cancelUrl: returnUrl };
      switch (paymentMethodId) {
        case SANDBOX_CARDS.succeeds:
          return this.outcome(await this.create(orderId, 'card', amountCents, 'succeeded', urls));
        case SANDBOX_CARDS.declines:
          return this.outcome(await this.create(orderId, 'card', amountCents, 'failed', urls));
        case SANDBOX_CARDS.requiresAction:
          return this.outcome(await this.create(orderId, 'threeDSecure', amountCents, 'requires_action', urls));
        default:
          return {
            status: 'failed',
            providerPaymentId: null,
            reason: `The sandbox accepts only the test payment methods ${Object.values(SANDBOX_CARDS).join(', ')}.`,
          };
      }
    },
    startWalletPayment: async ({ orderId, amountCents, returnUrl }) =>
      this.outcome(await this.create(orderId, 'wallet', amountCents, 'requires_action', { returnUrl, cancelUrl: returnUrl })),
    retrieve: async (id) => this.outcome(await this.require(id)),
    findPayment: async (orderId) => {
      const payment = (await this.forOrder(orderId)).filter((candidate) => candidate.kind !== 'paypal').at(-1);
      return payment ? this.outcome(payment) : null;
    },
    cancel: async (id) => this.outcome(await this.transition(id, ['requires_action'], 'canceled')),
    refund: async (id) => this.refund(id),
  };

  readonly paypal: PayPalPayments = {
    provider: 'sandbox',
    createOrder: async ({ orderId, amountCents, returnUrl, cancelUrl }) =>
      this.outcome(await this.create(orderId, 'paypal', amountCents, 'requires_action', { returnUrl, cancelUrl })),
    // Approved is not paid: PayPal money moves at capture.
    capture: async (id) => this.outcome(await this.transition(id, ['approved'], 'succeeded', { charges: 1 })),
    retrieve: async (id) => this.outcome(await this.require(id)),
    refund: async (id) => this.refund(id),
  };

  private async refund(id: string): Promise<void> {
    await this.transition(id, ['succeeded'], 'refunded', { refunds: 1 });
  }
}

const paymentOf = (row: Selectable<SandboxPaymentsTable>): SandboxPayment => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind as SandboxKind,
  amountCents: Number(row.amount_cents),
  status: row.status as SandboxStatus,
  returnUrl: row.return_url,
  cancelUrl: row.cancel_url,
  charges: Number(row.charges),
  refunds: Number(row.refunds),
});
