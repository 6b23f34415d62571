import type { Selectable } from 'kysely';
import type { Producer } from '../../shared/schemas/producer';
import type { AppDeps } from '../appDeps';
import { requireUser } from '../auth/requireUser';
import type { CatalogueProducersTable } from '../db/schema';
import { handleCommand } from '../domain/commandHandler';
import { followDecider, type FollowCommand } from '../domain/producer/followDecider';
import { followsStreamId } from '../domain/producer/producerEvents';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';

/** By numeric id or by short name (the producer page's address); anything else cannot name a producer. */
async function findProducer(deps: AppDeps, idOrShortName: string | undefined): Promise<Selectable<CatalogueProducersTable>> {
  const key = idOrShortName ?? '';
  if (!/^[\p{L}\p{N}._-]{1,50}$/u.test(key)) throw new HttpError(400, `Invalid producer id: ${JSON.stringify(key.slice(0, 60))}`);
  const select = deps.database.query.selectFrom('catalogue_producers').selectAll();
  const row = await (/^\d{1,9}$/.test(key) ? select.where('id', '=', Number(key)) : select.where('short_name', '=', key)).executeTakeFirst();
  if (!row) throw new HttpError(404, `Producer ${key} not found`);
  return row;
}

async function producerAnswer(deps: AppDeps, row: Selectable<CatalogueProducersTable>, userId: number | null): Promise<Producer> {
  const db = deps.database.query;
  const [tracks, follow] = await Promise.all([
    db
      .selectFrom('catalogue_products')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('producer_id', '=', row.id)
      .where('product_type', 'in', ['track', 'samplepack'])
      .executeTakeFirstOrThrow(),
    userId === null
      ? undefined
      : db.selectFrom('producer_follows').select('user_id').where('producer_id', '=', row.id).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    id: Number(row.id),
    artistName: row.artist_name,
    producerName: row.artist_name,
    producerUrl: row.short_name,
    avatar: row.avatar_src === null ? null : { directSrc: row.avatar_src },
    avatarSrc: row.avatar_src,
    counters: { numberoffollowers: { sum: Number(row.followers) }, numberoftracks: { sum: Number(tracks.count) } },
    alreadyFollowed: follow !== undefined,
  };
}

/** Follow and unfollow: login required, idempotent, answered with the producer as it now stands. */
function followEndpoint(method: 'POST' | 'DELETE', path: string, type: FollowCommand['type']): Endpoint {
  return defineEndpoint({
    method,
    path,
    access: 'member',
    input: {},
    async handle(request, deps) {
      const user = requireUser(request);
      const producer = await findProducer(deps, request.params.id);
      const producerId = Number(producer.id);
      const command: FollowCommand =
        type === 'FollowProducer' ? { type, userId: user.id, producerId, followerProducerId: user.producerId } : { type, userId: user.id, producerId };
      const { position } = await handleCommand(deps.eventStore, followsStreamId(user.id), followDecider, command);
      // The answer reads the read model, which must already show this follow.
      await deps.projector.waitFor(position);
      return { body: await producerAnswer(deps, await findProducer(deps, String(producer.id)), user.id) };
    },
  });
}

export const producerEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/users/producer/:id',
    access: 'anyone',
    input: {},
    async handle(request, deps) {
      const row = await findProducer(deps, request.params.id);
      return { body: await producerAnswer(deps, row, request.context.session?.user.id ?? null) };
    },
  }),
  followEndpoint('POST', '/users/producer/:id/follow', 'FollowProducer'),
  followEndpoint('DELETE', '/users/producer/:id/unfollow', 'UnfollowProducer'),
];
