import { randomUUID } from 'node:crypto';
import type { User } from '../../shared/schemas/auth';
import { type CustomOrderAction, type CustomOrderDetail, type CustomOrderRequest, type CustomOrderSummary } from '../../shared/schemas/customOrders';
import type { AppDeps } from '../appDeps';
import { payFor } from '../commerce/payForOrder';
import { type PlacedOrder, readOrder, runOrderCommand } from '../commerce/orders';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { customOrderDecider, type CustomOrderCommand, type PlacedCustomOrder, takesMessages } from '../domain/customOrder/customOrderDecider';
import { customOrderStreamId, REVISIONS_PER_ORDER } from '../domain/customOrder/customOrderEvents';
import type { OrderPlacement } from '../domain/order/orderEvents';
import { HttpError } from '../http/endpoint';
import { STORE_PRODUCER } from '../seed/demoCatalogue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = (id: string) => new HttpError(404, `Custom order ${id} not found`);

/** Who looks at an order: its buyer, or the shop (an admin) for a shop service. */
export type Viewer = { as: 'buyer'; userId: number } | { as: 'shop'; userId: number };

export function parseCustomOrderId(text: string): string {
  if (!UUID.test(text)) throw new HttpError(400, `Invalid custom order id: ${JSON.stringify(text.slice(0, 60))}`);
  return text;
}

export async function readCustomOrder(deps: AppDeps, id: string): Promise<PlacedCustomOrder | null> {
  const { state } = await aggregateStream(deps.eventStore, customOrderStreamId(id), customOrderDecider);
  return state.status === 'none' ? null : state;
}

/** The order as the viewer may see it: another buyer's is as unknown as a missing one. */
export async function readVisibleCustomOrder(deps: AppDeps, id: string, viewer: Viewer): Promise<PlacedCustomOrder> {
  const order = await readCustomOrder(deps, id);
  if (!order || (viewer.as === 'buyer' && order.buyerId !== viewer.userId)) throw notFound(id);
  return order;
}

export async function runCustomOrderCommand(deps: AppDeps, id: string, command: CustomOrderCommand) {
  const result = await handleCommand(deps.eventStore, customOrderStreamId(id), customOrderDecider, command);
  if (result.append) await deps.projector.waitFor(result.append.lastPosition);
  return result;
}

/** A past deadline while the work is still the producer's (the shop's) to do. */
export function isOverdue(order: { state: string; dueAt: number | null }, now: Date): boolean {
  return order.dueAt !== null && order.dueAt < now.getTime() && ['waiting', 'accepted', 'revision_requested'].includes(order.state);
}

async function soundService(deps: AppDeps, serviceId: number) {
  const row = await deps.database.query
    .selectFrom('sound_services')
    .select(['id', 'name', 'price_cents', 'delivery_days'])
    .where('id', '=', serviceId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!row) throw new HttpError(400, `There is no sound service ${serviceId}; pick one of the services on offer`, { errors: { serviceId: 'Pick a service' } });
  return { serviceId: Number(row.id), name: row.name, priceCents: Number(row.price_cents), deliveryDays: Number(row.delivery_days) };
}

/**
 * A buyer orders a shop service: the custom order is recorded, then an ordinary order of one
 * `customservice` line carries its payment through the same path as a cart's (card, 3-D Secure,
 * reconciliation, webhooks, refunds). Both share one id; the order's outcome reaches the custom
 * order through customOrderProcess.ts.
 */
export async function placeCustomOrder(deps: AppDeps, buyer: User, request: CustomOrderRequest): Promise<{ id: string; order: PlacedOrder }> {
  const service = await soundService(deps, request.serviceId);
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await runCustomOrderCommand(deps, id, { type: 'RequestCustomOrder', customOrderId: id, buyerId: buyer.id, service, brief: request.brief.trim(), at: now });
  const placement: OrderPlacement = {
    orderId: id,
    userId: buyer.id,
    lines: [{ productId: service.serviceId, producerId: STORE_PRODUCER.producerId, name: service.name, productType: 'customservice', includeProjectFile: false, priceCents: service.priceCents }],
    coupon: null,
    subTotalCents: service.priceCents,
    discountCents: 0,
    serviceFeeCents: 0,
    totalCents: service.priceCents,
    paymentMethod: 'card',
    walletType: null,
    provider: deps.payments.card.provider,
    shippingAddress: null,
    placedAt: now,
  };
  const placed = await runOrderCommand(deps, id, { type: 'PlaceOrder', placement });
  const order = await payFor(deps, placed.state as PlacedOrder, request.paymentMethodId);
  return { id, order };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function actionsFor(order: PlacedCustomOrder, viewer: Viewer): CustomOrderAction[] {
  const actions: CustomOrderAction[] = [];
  const status = order.status;
  if (viewer.as === 'shop') {
    if (status === 'waiting') actions.push('accept', 'decline');
    if (status === 'accepted') actions.push('decline');
    if (status === 'accepted' || status === 'revision_requested') actions.push('deliver');
  } else if (status === 'delivered') {
    actions.push('acceptDelivery');
    if (order.revisionsUsed < REVISIONS_PER_ORDER) actions.push('askRevision');
  }
  if (takesMessages(status)) actions.push('message');
  return actions;
}

const filesPath = (viewer: Viewer, id: string) => (viewer.as === 'shop' ? `/api/v1/admin/custom-orders/${id}/files` : `/api/v1/custom-orders/${id}/files`);

async function buyerName(deps: AppDeps, userId: number): Promise<string> {
  const row = await deps.database.query.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  return row ? `${row.first_name} ${row.last_name}`.trim() : 'Deleted account';
}

export async function customOrderDetail(deps: AppDeps, order: PlacedCustomOrder, viewer: Viewer): Promise<CustomOrderDetail> {
  const payment = await readOrder(deps, order.id);
  const dueAt = order.dueAt === null ? null : Date.parse(order.dueAt);
  return {
    id: order.id,
    serviceName: order.service.name,
    state: order.status,
    price: order.service.priceCents / 100,
    requestedAt: order.requestedAt,
    deadline: order.dueAt,
    overdue: isOverdue({ state: order.status, dueAt }, deps.clock.now()),
    buyerName: await buyerName(deps, order.buyerId),
    brief: order.brief,
    thread: order.thread,
    files: order.files.map((file) => ({ id: file.fileId, name: file.name, bytes: file.bytes, url: `${filesPath(viewer, order.id)}/${file.fileId}` })),
    downloadsUntil: order.downloadsUntil,
    revisionsLeft: Math.max(0, REVISIONS_PER_ORDER - order.revisionsUsed),
    nextActionUrl: payment.status === 'requires_action' ? payment.nextActionUrl : null,
    failureReason: order.paymentFailure ?? (payment.status === 'none' ? null : payment.failureReason),
    actions: actionsFor(order, viewer),
  };
}

/** Until when a completed order's files download (180 days from the buyer's acceptance, like a purchase). */
export const downloadsUntil = (acceptedAt: Date, days: number) => new Date(acceptedAt.getTime() + days * DAY_MS).toISOString();

type ListFilter = { buyerId: number } | { shop: true };

/** The list rows, newest first: a buyer's own, or every shop order for the admins. */
export async function listCustomOrders(deps: AppDeps, filter: ListFilter): Promise<CustomOrderSummary[]> {
  let query = deps.database.query
    .selectFrom('custom_orders')
    .innerJoin('users', 'users.id', 'custom_orders.buyer_id')
    .select(['custom_orders.id', 'service_name', 'state', 'price_cents', 'requested_at', 'due_at', 'first_name', 'last_name']);
  if ('buyerId' in filter) query = query.where('buyer_id', '=', filter.buyerId);
  // Orders still waiting for their money are the buyer's business, not yet the shop's.
  else query = query.where('state', 'not in', ['awaiting_payment', 'payment_failed']);
  const rows = await query.orderBy('requested_at', 'desc').orderBy('custom_orders.id').limit(200).execute();
  const now = deps.clock.now();
  return rows.map((row) => {
    const dueAt = row.due_at === null ? null : Number(row.due_at);
    return {
      id: row.id,
      serviceName: row.service_name,
      state: row.state,
      price: Number(row.price_cents) / 100,
      requestedAt: new Date(Number(row.requested_at)).toISOString(),
      deadline: dueAt === null ? null : new Date(dueAt).toISOString(),
      overdue: isOverdue({ state: row.state, dueAt }, now),
      buyerName: `${row.first_name} ${row.last_name}`.trim(),
    };
  });
}
