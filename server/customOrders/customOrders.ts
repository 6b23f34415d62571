import { randomUUID } from 'node:crypto';
import { formatCents } from '../../shared/domain/money';
import type { User } from '../../shared/schemas/auth';
import { type CustomOrderAction, type CustomOrderDetail, type CustomOrderRequest, type CustomOrderSummary } from '../../shared/schemas/customOrders';
import type { AppDeps } from '../appDeps';
import { payFor } from '../commerce/payForOrder';
import { type PlacedOrder, readOrder, runOrderCommand } from '../commerce/orders';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { customOrderDecider, type CustomOrderCommand, type PlacedCustomOrder, takesMessages } from '../domain/customOrder/customOrderDecider';
import { customOrderStreamId, type OrderedService, REVISIONS_PER_ORDER } from '../domain/customOrder/customOrderEvents';
import type { OrderPlacement } from '../domain/order/orderEvents';
import { HttpError } from '../http/endpoint';
import { liveOffer } from '../producers/producerOffers';
import { STORE_PRODUCER } from '../seed/demoCatalogue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = (id: string) => new HttpError(404, `Custom order ${id} not found`);

/**
 * Who looks at an order: its buyer; the producer whose offer it is; or the shop (an admin), who
 * answers for the shop's services and reads producers' orders too (support, refunds).
 */
export type Viewer = { as: 'buyer'; userId: number } | { as: 'producer'; userId: number; producerId: number } | { as: 'shop'; userId: number };

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
  if (!order || (viewer.as === 'buyer' && order.buyerId !== viewer.userId) || (viewer.as === 'producer' && order.service.producerId !== viewer.producerId)) throw notFound(id);
  return order;
}

/** Whether the viewer does the order's work: the shop for its own services, the producer for their offer. */
export const isSeller = (order: PlacedCustomOrder, viewer: Viewer) =>
  (viewer.as === 'shop' && order.service.producerId === null) || (viewer.as === 'producer' && order.service.producerId === viewer.producerId);

/** A seller's step on an order the viewer may read but not answer (an admin on a producer's order). */
export function requireSeller(order: PlacedCustomOrder, viewer: Viewer): void {
  if (!isSeller(order, viewer)) throw new HttpError(403, "This custom order is its producer's to answer");
}

export async function runCustomOrderCommand(deps: AppDeps, id: string, command: CustomOrderCommand) {
  const result = await handleCommand(deps.eventStore, customOrderStreamId(id), customOrderDecider, command);
  await deps.projector.waitFor(result.position);
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
  return { serviceId: Number(row.id), producerId: null, name: row.name, priceCents: Number(row.price_cents), deliveryDays: Number(row.delivery_days) };
}

/** A producer's live offer, priced as it stands now. */
async function offeredService(deps: AppDeps, offerId: number): Promise<OrderedService> {
  const offer = await liveOffer(deps, offerId);
  if (!offer) throw new HttpError(400, 'This service is no longer offered; pick another', { errors: { offerId: 'This service is no longer offered' } });
  return { serviceId: offer.id, producerId: offer.producerId, name: offer.name, priceCents: Math.round(offer.price * 100), deliveryDays: offer.deliveryDays };
}

function orderedService(deps: AppDeps, request: CustomOrderRequest): Promise<OrderedService> {
  if (request.offerId !== undefined && request.serviceId !== undefined) throw new HttpError(400, 'Order one service at a time: a shop service or a producer\'s offer, not both');
  if (request.offerId !== undefined) return offeredService(deps, request.offerId);
  if (request.serviceId === undefined) throw new HttpError(400, 'Pick a service to order', { errors: { serviceId: 'Pick a service' } });
  return soundService(deps, request.serviceId);
}

/**
 * A buyer orders a shop service or a producer's offer: the custom order is recorded, then an
 * ordinary order of one `customservice` line (the producer's, so the ledger books their earning) carries its payment through the same path as a cart's (card, 3-D Secure,
 * reconciliation, webhooks, refunds). Both share one id; the order's outcome reaches the custom
 * order through customOrderProcess.ts.
 */
export async function placeCustomOrder(deps: AppDeps, buyer: User, request: CustomOrderRequest): Promise<{ id: string; order: PlacedOrder }> {
  const service = await orderedService(deps, request);
  if (service.priceCents !== request.expectedTotal) {
    throw new HttpError(409, `The price of ${service.name} changed: it is now ${formatCents(service.priceCents)}. You have not been charged; order again to pay the new price.`, {
      expectedTotal: service.priceCents,
    });
  }
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await runCustomOrderCommand(deps, id, { type: 'RequestCustomOrder', customOrderId: id, buyerId: buyer.id, service, brief: request.brief.trim(), at: now });
  const placement: OrderPlacement = {
    orderId: id,
    userId: buyer.id,
    lines: [{ productId: service.serviceId, producerId: service.producerId ?? STORE_PRODUCER.producerId, name: service.name, productType: 'customservice', includeProjectFile: false, priceCents: service.priceCents }],
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
  if (isSeller(order, viewer)) {
    if (status === 'waiting') actions.push('accept', 'decline');
    if (status === 'accepted') actions.push('decline');
    if (status === 'accepted' || status === 'revision_requested') actions.push('deliver');
  } else if (viewer.as === 'buyer' && status === 'delivered') {
    actions.push('acceptDelivery');
    if (order.revisionsUsed < REVISIONS_PER_ORDER) actions.push('askRevision');
  }
  if (takesMessages(status) && (viewer.as === 'buyer' || isSeller(order, viewer))) actions.push('message');
  return actions;
}

const FILES_BASE: Record<Viewer['as'], string> = { buyer: '/api/v1/custom-orders', producer: '/api/v1/studio/custom-orders', shop: '/api/v1/admin/custom-orders' };
const filesPath = (viewer: Viewer, id: string) => `${FILES_BASE[viewer.as]}/${id}/files`;

/** The name the buyer knows the seller by: the shop's, or the producer's artist name (their page's, from the join or a read). */
const nameOfSeller = (producerId: number | null, artistName: string | null | undefined) => (producerId === null ? STORE_PRODUCER.artistName : (artistName ?? 'Deleted producer'));

export async function sellerName(deps: AppDeps, producerId: number | null): Promise<string> {
  if (producerId === null) return nameOfSeller(null, null);
  const row = await deps.database.query.selectFrom('catalogue_producers').select('artist_name').where('id', '=', producerId).executeTakeFirst();
  return nameOfSeller(producerId, row?.artist_name);
}

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
    sellerName: await sellerName(deps, order.service.producerId),
    brief: order.brief,
    thread: order.thread,
    files: order.files.map((file) => ({ id: file.fileId, name: file.name, bytes: file.bytes, url: `${filesPath(viewer, order.id)}/${file.fileId}` })),
    downloadsUntil: order.downloadsUntil,
    revisionsLeft: Math.max(0, REVISIONS_PER_ORDER - order.revisionsUsed),
    nextActionUrl: payment.status === 'requires_action' ? payment.nextActionUrl : null,
    // Why the payment failed; a declined order's refund is told by its thread and `refunded`.
    failureReason: order.paymentFailure ?? (payment.status === 'none' || order.status === 'declined' ? null : payment.failureReason),
    actions: actionsFor(order, viewer),
    viewer: viewer.as === 'buyer' ? 'buyer' : isSeller(order, viewer) ? 'seller' : 'staff',
    refunded: order.refunded,
  };
}

/** Until when a completed order's files download (180 days from the buyer's acceptance, like a purchase). */
export const downloadsUntil = (acceptedAt: Date, days: number) => new Date(acceptedAt.getTime() + days * DAY_MS).toISOString();

type ListFilter = { buyerId: number } | { producerId: number } | { shop: true };

/** The list rows, newest first: a buyer's own, a producer's (their offers'), or every order for the admins. */
export async function listCustomOrders(deps: AppDeps, filter: ListFilter): Promise<CustomOrderSummary[]> {
  let query = deps.database.query
    .selectFrom('custom_orders')
    .innerJoin('users', 'users.id', 'custom_orders.buyer_id')
    .leftJoin('catalogue_producers', 'catalogue_producers.id', 'custom_orders.producer_id')
    .select(['custom_orders.id', 'service_name', 'state', 'price_cents', 'requested_at', 'due_at', 'first_name', 'last_name', 'custom_orders.producer_id', 'artist_name']);
  if ('buyerId' in filter) query = query.where('buyer_id', '=', filter.buyerId);
  // Orders still waiting for their money are the buyer's business, not yet the seller's.
  else query = query.where('state', 'not in', ['awaiting_payment', 'payment_failed']);
  if ('producerId' in filter) query = query.where('custom_orders.producer_id', '=', filter.producerId);
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
      sellerName: nameOfSeller(row.producer_id === null ? null : Number(row.producer_id), row.artist_name),
    };
  });
}
