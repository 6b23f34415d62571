import type { CustomOrderState as Status } from '../../../shared/schemas/customOrders';
import { type Decider, DomainError } from '../decider';
import { customOrderEventCodec } from './customOrderEventCodec';
import { type CustomOrderEvent, type CustomOrderFileRef, type OrderedService, REVISIONS_PER_ORDER, type Side } from './customOrderEvents';

export interface ThreadItem {
  from: Side;
  kind: 'message' | 'delivery' | 'revision' | 'declined' | 'refunded';
  text: string;
  at: string;
}

export interface PlacedCustomOrder {
  status: Status;
  id: string;
  buyerId: number;
  service: OrderedService;
  brief: string;
  requestedAt: string;
  paidAt: string | null;
  dueAt: string | null;
  paymentFailure: string | null;
  declineReason: string | null;
  refunded: boolean;
  /** The latest delivery's files: a revision's delivery replaces the first. */
  files: CustomOrderFileRef[];
  deliveredAt: string | null;
  revisionsUsed: number;
  completedAt: string | null;
  downloadsUntil: string | null;
  thread: ThreadItem[];
}

export type CustomOrderAggregate = { status: 'none' } | PlacedCustomOrder;

export type CustomOrderCommand =
  | { type: 'RequestCustomOrder'; customOrderId: string; buyerId: number; service: OrderedService; brief: string; at: string }
  | { type: 'RecordPayment'; paidAt: string }
  | { type: 'RecordPaymentFailure'; reason: string }
  | { type: 'AcceptCustomOrder'; by: number; at: string }
  | { type: 'DeclineCustomOrder'; by: number; reason: string; at: string }
  /** The order carrying its money was refunded, by whatever path: `reason` is the refund's. */
  | { type: 'RecordRefund'; at: string; reason: string }
  | { type: 'DeliverCustomOrder'; by: number; message: string; files: CustomOrderFileRef[]; at: string }
  | { type: 'AskRevision'; text: string; at: string }
  | { type: 'AcceptDelivery'; at: string; downloadsUntil: string }
  | { type: 'PostMessage'; from: Side; authorId: number; text: string; at: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_FOUND = 'Custom order not found';
export const REVISION_USED = 'The one revision of this order was asked for already; accept the delivery or write a message';

function placed(state: CustomOrderAggregate): PlacedCustomOrder {
  if (state.status === 'none') throw new DomainError(NOT_FOUND, 404);
  return state;
}

/** A step the order's state does not allow, in words: the page offers only what is allowed, so this is a stale page or a second click. */
function refuse(order: PlacedCustomOrder, what: string): never {
  throw new DomainError(`This order cannot be ${what} now: it is ${order.status.replace(/_/g, ' ')}`);
}

/** Whether the order is open for messages: paid for, and not declined. */
export const takesMessages = (status: Status) => !['awaiting_payment', 'payment_failed', 'declined'].includes(status);

/**
 * A custom order: awaiting_payment → waiting (paid) | payment_failed; waiting → accepted |
 * declined (then refunded); accepted → delivered → completed, or → revision_requested (once) →
 * delivered again. A refund of its order in any paid state ends it, declined and refunded. Payment outcomes arrive from the carrying order's events, possibly twice: a
 * repeated one changes nothing.
 */
export const customOrderDecider: Decider<CustomOrderAggregate, CustomOrderCommand, CustomOrderEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: customOrderEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'RequestCustomOrder': {
        if (state.status !== 'none') return [];
        const { customOrderId, buyerId, service, brief, at } = command;
        return [{ type: 'CustomOrderRequested', data: { customOrderId, buyerId, service, brief, requestedAt: at } }];
      }
      case 'RecordPayment': {
        const order = placed(state);
        if (order.status !== 'awaiting_payment') return [];
        const dueAt = new Date(Date.parse(command.paidAt) + order.service.deliveryDays * DAY_MS).toISOString();
        return [{ type: 'CustomOrderPaid', data: { paidAt: command.paidAt, dueAt } }];
      }
      case 'RecordPaymentFailure':
        return placed(state).status === 'awaiting_payment' ? [{ type: 'CustomOrderPaymentFailed', data: { reason: command.reason } }] : [];
      case 'AcceptCustomOrder': {
        const order = placed(state);
        if (order.status === 'accepted') return [];
        if (order.status !== 'waiting') refuse(order, 'accepted');
        return [{ type: 'CustomOrderAccepted', data: { by: command.by, at: command.at } }];
      }
      case 'DeclineCustomOrder': {
        const order = placed(state);
        if (order.status === 'declined') return [];
        if (order.status !== 'waiting' && order.status !== 'accepted') refuse(order, 'declined');
        return [{ type: 'CustomOrderDeclined', data: { by: command.by, reason: command.reason, at: command.at } }];
      }
      case 'RecordRefund': {
        // One rule for every refund: a declined order's refund completes its decline; any other
        // paid order ends with it, so its seller can no longer take, deliver or be paid for it.
        const order = placed(state);
        if (order.refunded || order.status === 'payment_failed') return [];
        if (order.status === 'declined') return [{ type: 'CustomOrderRefunded', data: { at: command.at } }];
        return [{ type: 'CustomOrderCancelled', data: { reason: command.reason, at: command.at } }];
      }
      case 'DeliverCustomOrder': {
        const order = placed(state);
        if (order.status !== 'accepted' && order.status !== 'revision_requested') refuse(order, 'delivered');
        if (command.files.length === 0) throw new DomainError('A delivery needs at least one file', 400);
        return [{ type: 'CustomOrderDelivered', data: { by: command.by, message: command.message, files: command.files, at: command.at } }];
      }
      case 'AskRevision': {
        const order = placed(state);
        if (order.status !== 'delivered') refuse(order, 'sent back for a revision');
        if (order.revisionsUsed >= REVISIONS_PER_ORDER) throw new DomainError(REVISION_USED);
        return [{ type: 'CustomOrderRevisionRequested', data: { text: command.text, at: command.at } }];
      }
      case 'AcceptDelivery': {
        const order = placed(state);
        if (order.status === 'completed') return [];
        if (order.status !== 'delivered') refuse(order, 'completed');
        return [{ type: 'CustomOrderCompleted', data: { at: command.at, downloadsUntil: command.downloadsUntil } }];
      }
      case 'PostMessage': {
        const order = placed(state);
        if (!takesMessages(order.status)) refuse(order, 'written to');
        const { from, authorId, text, at } = command;
        return [{ type: 'CustomOrderMessagePosted', data: { from, authorId, text, at } }];
      }
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'CustomOrderRequested') {
      const { customOrderId, buyerId, service, brief, requestedAt } = event.data;
      return {
        status: 'awaiting_payment',
        id: customOrderId,
        buyerId,
        service,
        brief,
        requestedAt,
        paidAt: null,
        dueAt: null,
        paymentFailure: null,
        declineReason: null,
        refunded: false,
        files: [],
        deliveredAt: null,
        revisionsUsed: 0,
        completedAt: null,
        downloadsUntil: null,
        thread: [],
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CustomOrderPaid':
        return { ...state, status: 'waiting', paidAt: event.data.paidAt, dueAt: event.data.dueAt };
      case 'CustomOrderPaymentFailed':
        return { ...state, status: 'payment_failed', paymentFailure: event.data.reason };
      case 'CustomOrderAccepted':
        return { ...state, status: 'accepted' };
      case 'CustomOrderDeclined':
        return {
          ...state,
          status: 'declined',
          declineReason: event.data.reason,
          thread: [...state.thread, { from: 'shop', kind: 'declined', text: event.data.reason, at: event.data.at }],
        };
      case 'CustomOrderRefunded':
        return { ...state, refunded: true };
      case 'CustomOrderCancelled':
        return {
          ...state,
          status: 'declined',
          declineReason: event.data.reason,
          refunded: true,
          thread: [...state.thread, { from: 'shop', kind: 'refunded', text: event.data.reason, at: event.data.at }],
        };
      case 'CustomOrderDelivered':
        return {
          ...state,
          status: 'delivered',
          files: event.data.files,
          deliveredAt: event.data.at,
          thread: [...state.thread, { from: 'shop', kind: 'delivery', text: event.data.message, at: event.data.at }],
        };
      case 'CustomOrderRevisionRequested':
        return {
          ...state,
          status: 'revision_requested',
          revisionsUsed: state.revisionsUsed + 1,
          thread: [...state.thread, { from: 'buyer', kind: 'revision', text: event.data.text, at: event.data.at }],
        };
      case 'CustomOrderCompleted':
        return { ...state, status: 'completed', completedAt: event.data.at, downloadsUntil: event.data.downloadsUntil };
      case 'CustomOrderMessagePosted':
        return { ...state, thread: [...state.thread, { from: event.data.from, kind: 'message', text: event.data.text, at: event.data.at }] };
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
