import { createHmac, randomBytes } from 'node:crypto';
import type { TrackPlayAnswer } from '../../shared/schemas/trackPlay';
import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { trackPlayDecider } from '../domain/trackPlay/trackPlayDecider';
import { trackPlaysStreamId } from '../domain/trackPlay/trackPlayEvents';
import { defineEndpoint, type Endpoint, type EndpointRequest, HttpError } from './endpoint';
import { parseProductId } from './productId';

/**
 * Keys the guests' listener ids. A plain hash of an address could be reversed by hashing all
 * 2^32 IPv4 addresses; with a key that never leaves this process it cannot. A restart starts a
 * new key, which only means a guest's next play opens a new listener stream.
 */
const LISTENER_KEY = randomBytes(32);

/**
 * Who listens: a logged-in user by id; a guest by a keyed hash of their address, so the event
 * store never holds an IP address and a guest still counts once a minute like everyone else.
 */
function listenerOf(request: EndpointRequest): string {
  const user = request.context.session?.user;
  if (user) return `u${user.id}`;
  return `g${createHmac('sha256', LISTENER_KEY).update(request.context.ip).digest('hex').slice(0, 16)}`;
}

async function playCount(deps: AppDeps, productId: number): Promise<number> {
  const row = await deps.database.query.selectFrom('track_plays').select('plays').where('product_id', '=', productId).executeTakeFirst();
  return Number(row?.plays ?? 0);
}

export const trackPlayEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'POST',
    path: '/tracks/:id/play',
    access: 'anyone',
    input: {},
    async handle(request, deps) {
      const productId = parseProductId(request.params.id);
      const product = await deps.database.query
        .selectFrom('catalogue_products')
        .select(['id', 'preview_track_src'])
        .where('id', '=', productId)
        .executeTakeFirst();
      if (!product) throw new HttpError(404, `Product ${productId} not found`);
      if (product.preview_track_src === null) throw new HttpError(409, `Product ${productId} has no preview to play`);
      const listener = listenerOf(request);
      const { append, position } = await handleCommand(deps.eventStore, trackPlaysStreamId(productId, listener), trackPlayDecider, {
        type: 'RecordPlay',
        productId,
        listener,
        at: deps.clock.now(),
      });
      // The answer reads the count, which must already include this play.
      await deps.projector.waitFor(position);
      return { body: { id: productId, counted: append !== null, plays: await playCount(deps, productId) } satisfies TrackPlayAnswer };
    },
  }),
];
