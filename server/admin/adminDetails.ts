import type { AdminAccount, AdminBuyerDetail, AdminOrderDetail, AdminProducerDetail, AdminTrackDetail } from '../../shared/schemas/adminLists';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { readOrder } from '../commerce/orders';
import { HttpError } from '../http/endpoint';
import { ADMIN_PAGE_SIZE } from '../../shared/schemas/adminLists';
import { DOWNLOAD_KINDS } from '../../shared/schemas/order';
import { selectAdminOrders, selectAdminProducts, toAdminOrder, toAdminTrack } from './adminLists';
import { orderHistory } from './orderHistory';

/** An account as the admin sees it, from the users read model; null for no such account. */
export async function adminAccount(deps: Pick<AppDeps, 'database'>, userId: number): Promise<AdminAccount | null> {
  const row = await deps.database.query
    .selectFrom('users as u')
    .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.country', 'u.roles', 'u.email_confirmed', 'u.blocked', 'c.created_at'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    country: row.country,
    roles: JSON.parse(row.roles) as string[],
    emailConfirmed: Number(row.email_confirmed) === 1,
    blocked: Number(row.blocked) === 1,
    registeredAt: row.created_at === null ? null : new Date(Number(row.created_at)).toISOString(),
  };
}

/** A buyer's detail: the account and its newest orders. Staff and producers are not buyers here. */
export async function buyerDetail(deps: AppDeps, userId: number): Promise<AdminBuyerDetail> {
  const account = await adminAccount(deps, userId);
  if (!account || !account.roles.includes('client')) throw new HttpError(404, `Buyer ${userId} not found`);
  const orders = await selectAdminOrders(deps).where('o.user_id', '=', userId).orderBy('o.placed_at', 'desc').limit(ADMIN_PAGE_SIZE).execute();
  return { account, orders: orders.map(toAdminOrder) };
}

/** A producer's detail by producer id: the profile, its account (none for the demo shop's), every product. */
export async function producerDetail(deps: AppDeps, producerId: number): Promise<AdminProducerDetail> {
  const producer = await deps.database.query
    .selectFrom('catalogue_producers')
    .select(['id', 'artist_name', 'short_name', 'followers'])
    .where('id', '=', producerId)
    .executeTakeFirst();
  if (!producer) throw new HttpError(404, `Producer ${producerId} not found`);
  const verification = await deps.database.query.selectFrom('producer_verifications').select('user_id').where('producer_id', '=', producerId).executeTakeFirst();
  const account = verification ? await adminAccount(deps, Number(verification.user_id)) : null;
  const products = await selectAdminProducts(deps).where('ap.producer_id', '=', producerId).orderBy('ap.created_at', 'desc').orderBy('ap.product_id', 'desc').execute();
  return {
    producer: { id: Number(producer.id), artistName: producer.artist_name, shortName: producer.short_name, followers: Number(producer.followers) },
    account,
    products: products.map(toAdminTrack),
  };
}

/** A product's detail: its row, and the cover and preview its stream holds in any state. */
export async function trackDetail(deps: AppDeps, productId: number): Promise<AdminTrackDetail> {
  const row = await selectAdminProducts(deps).where('ap.product_id', '=', productId).executeTakeFirst();
  if (!row) throw new HttpError(404, `Track ${productId} not found`);
  const { state } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
  const listing = 'listing' in state ? state.listing : null;
  const processed = 'processed' in state ? state.processed : undefined;
  return {
    track: toAdminTrack(row),
    coverImageSrc: listing?.coverImageSrc ?? processed?.coverImageSrc ?? null,
    previewSrc: listing?.preview?.src ?? processed?.preview.src ?? null,
  };
}

/** An order's detail from its stream (the truth), with its files' state and its history. */
export async function orderDetail(deps: AppDeps, orderId: string): Promise<AdminOrderDetail> {
  const order = await readOrder(deps, orderId);
  if (order.status === 'none') throw new HttpError(404, `Order ${orderId} not found`);
  const { placement } = order;
  const [buyer, files, downloaded, history] = await Promise.all([
    deps.database.query.selectFrom('users').select('email').where('id', '=', placement.userId).executeTakeFirst(),
    deps.database.query.selectFrom('commerce_downloads').select(['product_id', 'kind', 'name', 'expires_at', 'revoked']).where('order_id', '=', orderId).execute(),
    deps.database.query
      .selectFrom('commerce_download_log')
      .select(['product_id', 'kind', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('order_id', '=', orderId)
      .groupBy(['product_id', 'kind'])
      .execute(),
    orderHistory(deps, orderId),
  ]);
  const timesDownloaded = (productId: number, kind: string) =>
    Number(downloaded.find((row) => Number(row.product_id) === productId && row.kind === kind)?.n ?? 0);
  return {
    order: {
      id: orderId,
      status: order.status,
      placedAt: placement.placedAt,
      paidAt: order.paidAt,
      buyerId: placement.userId,
      buyerEmail: buyer?.email ?? null,
      lines: placement.lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        productType: line.productType,
        producerId: line.producerId,
        includeProjectFile: line.includeProjectFile,
        price: line.priceCents / 100,
      })),
      subTotal: placement.subTotalCents / 100,
      discount: placement.discountCents / 100,
      serviceFee: placement.serviceFeeCents / 100,
      total: placement.totalCents / 100,
      coupon: placement.coupon ? { code: placement.coupon.code, percentage: placement.coupon.percentage } : null,
      paymentMethod: placement.walletType ? `${placement.paymentMethod} (${placement.walletType})` : placement.paymentMethod,
      provider: placement.provider,
      providerPaymentId: order.providerPaymentId,
      failureReason: order.failureReason,
    },
    downloads: files.flatMap((file) => {
      const kind = DOWNLOAD_KINDS.find((known) => known === file.kind);
      if (!kind) return [];
      return [
        {
          productId: Number(file.product_id),
          kind,
          name: file.name,
          expiresAt: new Date(Number(file.expires_at)).toISOString(),
          revoked: Number(file.revoked) === 1,
          timesDownloaded: timesDownloaded(Number(file.product_id), file.kind),
        },
      ];
    }),
    history,
    refundable: order.status === 'paid' && order.providerPaymentId !== null,
  };
}
