import type { Selectable } from 'kysely';
import { defaulted, max, min, object, string, type } from 'superstruct';
import { QueryInteger } from '../../shared/schemas/query';
import type { Track, TrackList } from '../../shared/schemas/track';
import type { CatalogueProductsTable } from '../db/schema';
import { type Endpoint, HttpError, parseInput } from './endpoint';

const TrackListQuery = type({
  skip: defaulted(min(QueryInteger, 0), 0),
  take: defaulted(max(min(QueryInteger, 1), 100), 20),
});

const TrackIdParams = object({ id: string() });

export function toTrack(row: Selectable<CatalogueProductsTable>): Track {
  return {
    id: row.id,
    name: row.name,
    productType: row.product_type as Track['productType'],
    genre: row.genre,
    bpm: row.bpm,
    key: row.musical_key,
    scale: row.scale as Track['scale'],
    finalPrice: row.price_cents / 100,
    isSold: row.is_sold === 1,
    coverImageSrc: row.cover_image_src,
    previewTrackSrc: row.preview_track_src,
    producer: { id: row.producer_id, artistName: row.producer_name, producerUrl: row.producer_url },
  };
}

export const trackEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/tracks',
    async handle({ query }, { database }) {
      const { skip, take } = parseInput(query, TrackListQuery, 'query');
      const rows = await database.query
        .selectFrom('catalogue_products')
        .selectAll()
        .where('product_type', '=', 'track')
        .orderBy('listed_position', 'desc')
        .limit(take)
        .offset(skip)
        .execute();
      const { total } = await database.query
        .selectFrom('catalogue_products')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('product_type', '=', 'track')
        .executeTakeFirstOrThrow();
      return { body: { tracks: rows.map(toTrack), total: Number(total) } satisfies TrackList };
    },
  },
  {
    method: 'GET',
    path: '/tracks/:id',
    async handle({ params }, { database }) {
      const { id } = parseInput(params, TrackIdParams, 'track id');
      if (!/^\d{1,15}$/.test(id)) throw new HttpError(400, `Invalid track id: ${JSON.stringify(id.slice(0, 40))}`);
      const row = await database.query.selectFrom('catalogue_products').selectAll().where('id', '=', Number(id)).executeTakeFirst();
      if (!row) throw new HttpError(404, `Track ${id} not found`);
      return { body: toTrack(row) };
    },
  },
];
