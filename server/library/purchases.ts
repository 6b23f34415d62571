import type { ContractLink, Purchase, PurchasedFile, Purchases } from '../../shared/schemas/library';
import type { AppDeps } from '../appDeps';
import { accountDownloadPath } from '../commerce/delivery';
import { type PlacedOrder, readOrder } from '../commerce/orders';
import type { DeliveredFile } from '../domain/order/orderEvents';
import { contractPdfPath } from './contractLinks';

const DAY_MS = 24 * 60 * 60 * 1000;
/** My purchases lists this many of the newest orders; a buyer with more has the mails of the older ones. */
export const PURCHASES_SHOWN = 100;

/** Whole days of the 180 left: the day of purchase counts as the first, and 0 means the links have expired (day 181). */
export const daysLeft = (expiresAt: string, now: Date) => Math.max(0, Math.ceil((Date.parse(expiresAt) - now.getTime()) / DAY_MS));

function fileState(file: DeliveredFile, now: Date, mastersReady: ReadonlySet<number>): PurchasedFile['state'] {
  if (daysLeft(file.expiresAt, now) === 0) return 'expired';
  if ((file.kind === 'beat' || file.kind === 'projectFile') && !mastersReady.has(file.productId)) return 'preparing';
  return 'available';
}

function purchase(order: PlacedOrder, now: Date, mastersReady: ReadonlySet<number>, contracts: ReadonlyMap<number, string>): Purchase {
  const { placement } = order;
  const contractOf = (productId: number): ContractLink => {
    const contractId = contracts.get(productId) ?? null;
    return { contractId, url: contractId === null ? null : contractPdfPath(contractId) };
  };
  return {
    id: placement.orderId,
    placedAt: placement.placedAt,
    paidAt: order.paidAt,
    status: order.status,
    reason: order.failureReason,
    items: placement.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      productType: line.productType,
      includeProjectFile: line.includeProjectFile,
      priceCents: line.priceCents,
      contract: line.productType === 'track' && order.status === 'paid' ? contractOf(line.productId) : null,
    })),
    itemsCents: placement.subTotalCents + placement.discountCents,
    discountCents: placement.discountCents,
    serviceFeeCents: placement.serviceFeeCents,
    totalCents: placement.totalCents,
    coupon: placement.coupon?.code ?? null,
    paymentMethod: placement.paymentMethod,
    walletType: placement.walletType,
    files: order.files.map((file) => ({
      productId: file.productId,
      kind: file.kind,
      name: file.name,
      url: accountDownloadPath(placement.orderId, file),
      expiresAt: file.expiresAt,
      daysLeft: daysLeft(file.expiresAt, now),
      state: fileState(file, now, mastersReady),
    })),
  };
}

/**
 * My purchases: the member's orders, newest first, read from their streams (the `orders` read
 * model finds them), with each file's days left and each sold beat's contract.
 */
export async function purchasesOf(deps: AppDeps, userId: number): Promise<Purchases> {
  const rows = await deps.database.query
    .selectFrom('commerce_orders')
    .select('order_id')
    .where('user_id', '=', userId)
    .orderBy('placed_at', 'desc')
    .orderBy('order_id')
    .limit(PURCHASES_SHOWN)
    .execute();
  const orders: PlacedOrder[] = [];
  for (const { order_id } of rows) {
    const order = await readOrder(deps, order_id);
    // The read model keeps only this user's orders; the stream says so again.
    if (order.status !== 'none' && order.placement.userId === userId) orders.push(order);
  }
  const orderIds = orders.map((order) => order.placement.orderId);
  const productIds = [...new Set(orders.flatMap((order) => order.files.map((file) => file.productId)))];
  const masters = productIds.length === 0 ? [] : await deps.database.query.selectFrom('beat_masters').select('product_id').where('product_id', 'in', productIds).execute();
  const contractRows =
    orderIds.length === 0
      ? []
      : await deps.database.query.selectFrom('licence_contracts').select(['order_id', 'product_id', 'contract_id']).where('order_id', 'in', orderIds).execute();
  const mastersReady = new Set(masters.map((row) => Number(row.product_id)));
  const now = deps.clock.now();
  return {
    orders: orders.map((order) => {
      const contracts = new Map(contractRows.filter((row) => row.order_id === order.placement.orderId).map((row) => [Number(row.product_id), row.contract_id]));
      return purchase(order, now, mastersReady, contracts);
    }),
  };
}
