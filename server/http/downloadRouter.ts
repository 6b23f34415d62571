import express from 'express';
import { DOWNLOAD_DAYS } from '../../shared/domain/constants';
import type { AppDeps } from '../appDeps';
import { downloadBody } from '../commerce/delivery';
import type { DeliveredFile } from '../domain/order/orderEvents';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /downloads/{token}: the purchased file itself, so it is not an endpoint object (those
 * answer JSON). Links work for 180 days from the purchase; from day 181 they answer 410.
 */
export function downloadRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.get('/downloads/:token', async (request, response) => {
    const token = request.params.token;
    const refuse = (statusCode: number, message: string) => response.status(statusCode).json({ statusCode, message });
    if (!TOKEN.test(token)) return refuse(404, 'This download link does not exist');
    const row = await deps.database.query.selectFrom('commerce_downloads').selectAll().where('token', '=', token).executeTakeFirst();
    if (!row) return refuse(404, 'This download link does not exist');
    if (row.revoked === 1) return refuse(410, 'This order was refunded, so its files can no longer be downloaded');
    const expiresAt = Number(row.expires_at);
    if (deps.clock.now().getTime() >= expiresAt) {
      return refuse(410, `This download link expired on ${new Date(expiresAt).toISOString().slice(0, 10)}: purchased files can be downloaded for ${DOWNLOAD_DAYS} days`);
    }
    const paidAt = new Date(expiresAt - DOWNLOAD_DAYS * DAY_MS);
    const body = await downloadBody(deps, Number(row.product_id), row.kind as DeliveredFile['kind'], row.name, paidAt);
    if (!body) return refuse(404, 'This file is missing from our storage; please contact support');
    response.set('Cache-Control', 'private, no-store');
    response.attachment(body.fileName);
    response.type(body.contentType);
    response.send(body.content);
  });
  return router;
}
