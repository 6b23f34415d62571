import type { OrderStatus } from '../../../shared/schemas/order';
import { type Decider, DomainError } from '../decider';
import type { DeliveredFile, OrderEvent, OrderPlacement } from './orderEvents';
import { orderEventCodec } from './orderEventCodec';

export type OrderState =
  | { status: 'none' }
  | {
      status: OrderStatus;
      placement: OrderPlacement;
      providerPaymentId: string | null;
      nextActionUrl: string | null;
      clientSecret: string | null;
      failureReason: string | null;
      files: DeliveredFile[];
      paidAt: string | null;
      /** When the provider was last asked to move money for this order; null before any attempt. */
      attemptedAt: string | null;
      /** The last attempt got no answer: no request is waiting on the provider for this order. */
      outcomeUnknown: boolean;
    };
type Placed = Exclude<OrderState, { status: 'none' }>;

export type OrderCommand =
  | { type: 'PlaceOrder'; placement: OrderPlacement }
  /** About to ask the provider for the money (again, with the same idempotency key, on a retry). */
  | { type: 'RecordAttempt'; at: string }
  | { type: 'RecordUnknownOutcome'; reason: string }
  | { type: 'RequireAction'; providerPaymentId: string; nextActionUrl: string | null; clientSecret: string | null }
  /**
   * The provider took the money. `files` are the downloads to deliver; with `refundReason` the
   * goods could not be delivered (a beat sold to another buyer meanwhile) and the money has gone back.
   */
  | { type: 'ConfirmPayment'; providerPaymentId: string; paidAt: string; files: DeliveredFile[]; refundReason: string | null }
  | { type: 'FailPayment'; reason: string }
  | { type: 'CancelOrder'; reason: string }
  | { type: 'RefundOrder'; reason: string };

/** Orders still waiting for their payment: the only ones a payment outcome can move. */
export const isOpen = (status: OrderStatus | 'none') => status === 'pending' || status === 'requires_action';

function placed(state: OrderState): Placed {
  if (state.status === 'none') throw new DomainError('Order not found', 404);
  return state;
}

/**
 * The order's state machine: pending → requires_action → paid | failed | cancelled, and
 * paid → refunded. Outcomes that arrive twice or late (a webhook retried, a webhook after the
 * browser's confirmation, a failure notice after the success) change nothing.
 */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: orderEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder':
        return state.status === 'none' ? [{ type: 'OrderPlaced', data: command.placement }] : [];
      case 'RecordAttempt':
        return placed(state).status === 'pending' ? [{ type: 'PaymentAttempted', data: { attemptedAt: command.at } }] : [];
      case 'RecordUnknownOutcome':
        return placed(state).status === 'pending' ? [{ type: 'PaymentOutcomeUnknown', data: { reason: command.reason } }] : [];
      case 'RequireAction': {
        const order = placed(state);
        if (order.status !== 'pending') return [];
        const { providerPaymentId, nextActionUrl, clientSecret } = command;
        return [{ type: 'PaymentActionRequired', data: { providerPaymentId, nextActionUrl, clientSecret } }];
      }
      case 'ConfirmPayment': {
        const order = placed(state);
        if (order.status === 'paid' || order.status === 'refunded') return [];
        if (!isOpen(order.status)) throw new DomainError(`A ${order.status} order cannot be paid`);
        const paid = { type: 'PaymentSucceeded' as const, data: { providerPaymentId: command.providerPaymentId, paidAt: command.paidAt } };
        if (command.refundReason !== null) return [paid, { type: 'OrderRefunded', data: { reason: command.refundReason } }];
        return [paid, { type: 'OrderDelivered', data: { files: command.files } }];
      }
      case 'FailPayment': {
        const order = placed(state);
        return isOpen(order.status) ? [{ type: 'PaymentFailed', data: { reason: command.reason } }] : [];
      }
      case 'CancelOrder': {
        const order = placed(state);
        if (order.status === 'cancelled') return [];
        if (!isOpen(order.status)) throw new DomainError(`A ${order.status} order cannot be cancelled`);
        return [{ type: 'OrderCancelled', data: { reason: command.reason } }];
      }
      case 'RefundOrder': {
        const order = placed(state);
        if (order.status === 'refunded') return [];
        if (order.status !== 'paid') throw new DomainError(`A ${order.status} order cannot be refunded`);
        return [{ type: 'OrderRefunded', data: { reason: command.reason } }];
      }
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'OrderPlaced') {
      return {
        status: 'pending',
        placement: event.data,
        providerPaymentId: null,
        nextActionUrl: null,
        clientSecret: null,
        failureReason: null,
        files: [],
        paidAt: null,
        attemptedAt: null,
        outcomeUnknown: false,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'PaymentAttempted':
        return { ...state, attemptedAt: event.data.attemptedAt, outcomeUnknown: false, failureReason: null };
      case 'PaymentOutcomeUnknown':
        return { ...state, outcomeUnknown: true, failureReason: event.data.reason };
      case 'PaymentActionRequired':
        return { ...state, status: 'requires_action', ...event.data, outcomeUnknown: false, failureReason: null };
      case 'PaymentSucceeded':
        return {
          ...state,
          status: 'paid',
          providerPaymentId: event.data.providerPaymentId,
          paidAt: event.data.paidAt,
          nextActionUrl: null,
          clientSecret: null,
          outcomeUnknown: false,
          failureReason: null,
        };
      case 'PaymentFailed':
        return { ...state, status: 'failed', failureReason: event.data.reason, nextActionUrl: null, clientSecret: null, outcomeUnknown: false };
      case 'OrderCancelled':
        // A notice that the provider had not answered is void once the order is cancelled.
        return { ...state, status: 'cancelled', nextActionUrl: null, clientSecret: null, outcomeUnknown: false, failureReason: state.outcomeUnknown ? null : state.failureReason };
      case 'OrderDelivered':
        return { ...state, files: event.data.files };
      case 'OrderRefunded':
        return { ...state, status: 'refunded', failureReason: event.data.reason, files: [] };
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
