import type { Order } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { orderDecider, type OrderCommand, type OrderState } from '../domain/order/orderDecider';
import { orderStreamId } from '../domain/order/orderEvents';
import { HttpError } from '../http/endpoint';
import type { CardPayments, PayPalPayments } from '../payments/paymentProvider';
import { accountDownloadPath, toDownload } from './delivery';
import { KeyedLock } from './keyedLock';

export type PlacedOrder = Exclude<OrderState, { status: 'none' }>;

/** Payment outcomes for one order from this process (the browser's confirmation, a webhook, a refresh) take turns. */
export const orderLocks = new KeyedLock();

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function parseOrderId(text: string | undefined): string {
  if (text === undefined || !ORDER_ID.test(text)) throw new HttpError(400, `Invalid order id: ${JSON.stringify(String(text).slice(0, 60))}`);
  return text;
}

export async function readOrder(deps: AppDeps, orderId: string): Promise<OrderState> {
  return (await aggregateStream(deps.eventStore, orderStreamId(orderId), orderDecider)).state;
}

/** The buyer's own order; anyone else's is as unknown as a missing one. */
export async function readOwnOrder(deps: AppDeps, orderId: string, userId: number): Promise<PlacedOrder> {
  const state = await readOrder(deps, orderId);
  if (state.status === 'none' || state.placement.userId !== userId) throw new HttpError(404, `Order ${orderId} not found`);
  return state;
}

export function runOrderCommand(deps: AppDeps, orderId: string, command: OrderCommand, metadata?: Record<string, unknown>) {
  return handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command, { metadata });
}

export function paymentsFor(deps: AppDeps, order: PlacedOrder): CardPayments | PayPalPayments {
  return order.placement.paymentMethod === 'paypal' ? deps.payments.paypal : deps.payments.card;
}

export function orderAnswer(order: PlacedOrder): Order {
  return {
    id: order.placement.orderId,
    status: order.status,
    paymentMethod: order.placement.paymentMethod,
    total: order.placement.totalCents / 100,
    nextActionUrl: order.nextActionUrl,
    clientSecret: order.clientSecret,
    failureReason: order.failureReason,
    downloads: order.files.map((file) => toDownload(file, accountDownloadPath(order.placement.orderId, file))),
  };
}
