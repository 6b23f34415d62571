import { pipeline } from 'node:stream/promises';
import express from 'express';
import type { Selectable } from 'kysely';
import { DOWNLOAD_DAYS } from '../../shared/domain/constants';
import { DOWNLOAD_KINDS, FILE_BEING_PREPARED } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import { ACCOUNT_BLOCKED } from '../auth/requireUser';
import { downloadBody } from '../commerce/delivery';
import { readOrder } from '../commerce/orders';
import { PRIVATE_CACHE_CONTROL } from '../media/storage/mediaStorage';
import { serveStoredMedia } from '../media/storage/serveStoredMedia';
import type { CommerceDownloadsTable } from '../db/schema';
import type { DeliveredFile } from '../domain/order/orderEvents';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PRODUCT_ID = /^\d{1,9}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const NO_SUCH_LINK = 'This download link does not exist';
const FILE_MISSING = 'This file is missing from our storage; please contact support';
/** A master renders in seconds once its job runs; the job runs within a minute of the sale. */
const PREPARING_RETRY_SECONDS = 60;

type Refuse = (statusCode: number, message: string) => void;

/** Who fetched the file, for the download log: the buyer's account, or whoever held the mailed link. */
type Fetcher = { via: 'account'; userId: number } | { via: 'mailed_link'; userId: null };

/**
 * The purchased files, so these are not endpoint objects (those answer JSON). Two links reach
 * each file: the mailed one, whose token is the key (GET /downloads/{token}), and the
 * storefront's, which names the file and serves it to the buyer's own session only. Links work
 * for 180 days from the purchase and answer 410 from day 181 or after a refund. Every file served
 * is logged with the order, the file and the account (or "mailed link"), never an address.
 */
export function downloadRouter(deps: AppDeps): express.Router {
  const router = express.Router();

  const serve = async (row: Selectable<CommerceDownloadsTable>, fetcher: Fetcher, refuse: Refuse, request: express.Request, response: express.Response) => {
    if (row.revoked === 1) return refuse(410, 'This order was refunded, so its files can no longer be downloaded');
    const expiresAt = Number(row.expires_at);
    const now = deps.clock.now().getTime();
    if (now >= expiresAt) {
      return refuse(410, `This download link expired on ${new Date(expiresAt).toISOString().slice(0, 10)}: purchased files can be downloaded for ${DOWNLOAD_DAYS} days`);
    }
    const paidAt = new Date(expiresAt - DOWNLOAD_DAYS * DAY_MS);
    const body = await downloadBody(deps, Number(row.product_id), row.kind as DeliveredFile['kind'], row.name, paidAt);
    if (!body) return refuse(404, FILE_MISSING);
    if ('preparing' in body) {
      response.set('Retry-After', String(PREPARING_RETRY_SECONDS));
      return refuse(503, FILE_BEING_PREPARED);
    }
    // A HEAD (the storefront asking whether the file is ready) serves nothing, so it is not logged.
    if (request.method !== 'HEAD') {
      await deps.database.transaction((tx) =>
        tx
          .insertInto('commerce_download_log')
          .values({ order_id: row.order_id, product_id: Number(row.product_id), kind: row.kind, user_id: fetcher.userId, via: fetcher.via, downloaded_at: now })
          .execute(),
      );
    }
    if ('mediaKey' in body) {
      const served = await serveStoredMedia(request, response, deps.media, body.mediaKey, { cacheControl: PRIVATE_CACHE_CONTROL, attachmentName: body.fileName });
      if (!served) refuse(404, FILE_MISSING);
      return;
    }
    response.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    response.attachment(body.fileName);
    response.type(body.contentType);
    if ('content' in body) {
      response.send(body.content);
      return;
    }
    if (request.method === 'HEAD') {
      body.stream.destroy();
      response.end();
      return;
    }
    // An archive is made as it is sent: a failure half-way can only cut the connection, which the buyer's browser reports.
    await pipeline(body.stream, response).catch(() => response.destroy());
  };

  router.get('/downloads/:token', async (request, response) => {
    const refuse: Refuse = (statusCode, message) => void response.status(statusCode).json({ statusCode, message });
    const { token } = request.params;
    const row = TOKEN.test(token) ? await deps.database.query.selectFrom('commerce_downloads').selectAll().where('token', '=', token).executeTakeFirst() : undefined;
    if (!row) return refuse(404, NO_SUCH_LINK);
    await serve(row, { via: 'mailed_link', userId: null }, refuse, request, response);
  });

  router.get('/ecommerce/orders/:orderId/downloads/:productId/:kind', async (request, response) => {
    const refuse: Refuse = (statusCode, message) => void response.status(statusCode).json({ statusCode, message });
    const session = request.accountSession;
    if (!session) return refuse(401, 'Please log in to download your purchases, or use the link in your order mail');
    if (session.blocked) return refuse(403, ACCOUNT_BLOCKED);
    const { orderId, productId, kind } = request.params;
    if (!ORDER_ID.test(orderId) || !PRODUCT_ID.test(productId) || !DOWNLOAD_KINDS.some((known) => known === kind)) return refuse(404, NO_SUCH_LINK);
    // Anyone else's order is as unknown as a missing one.
    const order = await readOrder(deps, orderId);
    if (order.status === 'none' || order.placement.userId !== session.user.id) return refuse(404, NO_SUCH_LINK);
    const row = await deps.database.query
      .selectFrom('commerce_downloads')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('product_id', '=', Number(productId))
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row) return refuse(404, NO_SUCH_LINK);
    await serve(row, { via: 'account', userId: session.user.id }, refuse, request, response);
  });
  return router;
}
