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
    };
type Placed = Exclude<OrderState, { status: 'none' }>;

export type OrderCommand =
  | { type: 'PlaceOrder'; placement: OrderPlacement }
  | { type: 'RequireAction'; providerPaymentId: string; nextActionUrl: string | null; clientSecret: string | null }
  /**
   * The provider took the money. `files` are the downloads to deliver; with `refundReason` the
   * goods could not be delivered (an exclusive sold meanwhile) and the money has gone back.
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
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'PaymentActionRequired':
        return { ...state, status: 'requires_action', ...event.data };
      case 'PaymentSucceeded':
        return { ...state, status: 'paid', providerPaymentId: event.data.providerPaymentId, paidAt: event.data.paidAt, nextActionUrl: null, clientSecret: null };
      case 'PaymentFailed':
        return { ...state, status: 'failed', failureReason: event.data.reason, nextActionUrl: null, clientSecret: null };
      case 'OrderCancelled':
        return { ...state, status: 'cancelled', nextActionUrl: null, clientSecret: null };
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
