import express from 'express';
import { ACCOUNT_BLOCKED, requireSession } from '../auth/requireUser';
import type { AppDeps } from '../appDeps';
import { processCustomOrder } from '../customOrders/customOrderProcess';
import { customOrderDetail, parseCustomOrderId, readVisibleCustomOrder, requireSeller, runCustomOrderCommand, type Viewer } from '../customOrders/customOrders';
import { receiveDelivery } from '../customOrders/deliveryUpload';
import { DomainError } from '../domain/decider';
import { PRIVATE_CACHE_CONTROL } from '../media/storage/mediaStorage';
import { serveStoredMedia } from '../media/storage/serveStoredMedia';
import { producerViewer } from './customOrderEndpoints';
import { authorize } from './endpointAccess';
import { HttpError } from './endpoint';

const SHOP_DELIVERS = { method: 'POST', access: ['admin'] } as const;
const SHOP_FILES = { method: 'GET', access: ['admin'] } as const;
const PRODUCER_DELIVERS = { method: 'POST', access: ['producer'] } as const;
const PRODUCER_FILES = { method: 'GET', access: ['producer'] } as const;
const NO_SUCH_FILE = 'This file does not exist';

type ViewerOf = (request: express.Request) => Promise<Viewer>;

/**
 * The binary side of custom orders: the seller's delivery (the shop's admins, or the producer of
 * an offer; multipart, streamed to private storage before the API's JSON parsers) and the
 * delivered files, served to the order's buyer, its seller and the shop only; anyone else gets
 * the 404 of a file that does not exist.
 */
export function customOrderFilesRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  const shop: ViewerOf = async (request) => ({ as: 'shop', userId: requireSession(request.accountSession).user.id });
  const producer: ViewerOf = (request) => producerViewer(deps, requireSession(request.accountSession).user.id);

  const deliver = (access: typeof SHOP_DELIVERS | typeof PRODUCER_DELIVERS, viewerOf: ViewerOf) => async (request: express.Request, response: express.Response) => {
    try {
      authorize(access, request.accountSession, request.path);
      const viewer = await viewerOf(request);
      const id = parseCustomOrderId(String(request.params.id));
      const order = await readVisibleCustomOrder(deps, id, viewer);
      requireSeller(order, viewer);
      // Refused before the body is read: a 100 MB file is not taken for an order that cannot be delivered.
      if (order.status !== 'accepted' && order.status !== 'revision_requested') throw new DomainError(`This order cannot be delivered now: it is ${order.status.replace(/_/g, ' ')}`);
      const { message, files } = await receiveDelivery(deps, request, id);
      try {
        await runCustomOrderCommand(deps, id, { type: 'DeliverCustomOrder', by: viewer.userId, message, files, at: deps.clock.now().toISOString() });
      } catch (error) {
        for (const file of files) await deps.media.delete(file.key);
        throw error;
      }
      await processCustomOrder(deps, id);
      response.status(201).json(await customOrderDetail(deps, await readVisibleCustomOrder(deps, id, viewer), viewer));
    } catch (error) {
      if (!request.complete) response.set('Connection', 'close');
      throw error;
    }
  };
  router.post('/admin/custom-orders/:id/delivery', deliver(SHOP_DELIVERS, shop));
  router.post('/studio/custom-orders/:id/delivery', deliver(PRODUCER_DELIVERS, producer));

  const serve = async (viewer: Viewer, request: express.Request, response: express.Response) => {
    const refuse = (statusCode: number, message: string) => void response.status(statusCode).json({ statusCode, message });
    let order;
    try {
      order = await readVisibleCustomOrder(deps, parseCustomOrderId(String(request.params.id)), viewer);
    } catch (error) {
      if (error instanceof HttpError) return refuse(404, NO_SUCH_FILE);
      throw error;
    }
    const file = order.files.find((candidate) => candidate.fileId === request.params.fileId);
    if (!file) return refuse(404, NO_SUCH_FILE);
    // Refunded, the buyer has paid nothing for the work: like a refunded purchase's, its files are gone for them.
    if (viewer.as === 'buyer' && order.refunded) return refuse(410, 'This custom order was refunded, so its files are no longer yours to download');
    if (viewer.as === 'buyer' && order.downloadsUntil !== null && deps.clock.now().getTime() >= Date.parse(order.downloadsUntil)) {
      return refuse(410, `This download expired on ${order.downloadsUntil.slice(0, 10)}: delivered files can be downloaded for 180 days after you accept them`);
    }
    const served = await serveStoredMedia(request, response, deps.media, file.key, { cacheControl: PRIVATE_CACHE_CONTROL, attachmentName: file.name });
    if (!served) refuse(404, 'This file is missing from our storage; please contact support');
  };

  router.get('/custom-orders/:id/files/:fileId', async (request, response) => {
    const session = request.accountSession;
    if (!session) return void response.status(401).json({ statusCode: 401, message: 'Please log in to download your files' });
    if (session.blocked) return void response.status(403).json({ statusCode: 403, message: ACCOUNT_BLOCKED });
    await serve({ as: 'buyer', userId: session.user.id }, request, response);
  });

  router.get('/admin/custom-orders/:id/files/:fileId', async (request, response) => {
    authorize(SHOP_FILES, request.accountSession, request.path);
    await serve(await shop(request), request, response);
  });

  router.get('/studio/custom-orders/:id/files/:fileId', async (request, response) => {
    authorize(PRODUCER_FILES, request.accountSession, request.path);
    await serve(await producer(request), request, response);
  });
  return router;
}
