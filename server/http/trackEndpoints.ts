import { TrackListQuerySchema } from '../../shared/schemas/catalogueQuery';
import type { Peaks, Product, ProductList } from '../../shared/schemas/track';
import { countProducts, findProductPage, selectProducts } from '../catalogue/findProducts';
import { toProduct } from '../catalogue/productAnswer';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { parseProductId } from './productId';

export const trackEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/tracks',
    access: 'anyone',
    input: { query: TrackListQuerySchema },
    sharedAnswer: true,
    async handle({ query: filters }, { database }) {
      const rows = await findProductPage(database.query, filters);
      const tracks = rows.map((row) => toProduct(row));
      // Counting visits every match, so a list answers with its total only when asked.
      if (filters.count !== 'true') return { body: { tracks } satisfies ProductList };
      return { body: { tracks, total: await countProducts(database.query, filters) } satisfies ProductList };
    },
  }),
  // Before /tracks/:id, which would otherwise take "promembership" for an id.
  defineEndpoint({
    method: 'GET',
    path: '/tracks/promembership',
    access: 'anyone',
    input: {},
    async handle(_request, { database, config }) {
      // SPEC §1: while the feature is off the membership is as unknown as its page.
      const row = config.features.proMembership
        ? await selectProducts(database.query).where('p.product_type', '=', 'promembership').orderBy('p.id').executeTakeFirst()
        : undefined;
      if (!row) throw new HttpError(404, 'The PRO membership is not on sale');
      return { body: toProduct(row) satisfies Product };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/tracks/:id',
    access: 'anyone',
    input: {},
    async handle({ params }, { database, config }) {
      const id = parseProductId(params.id);
      const row = await selectProducts(database.query).where('p.id', '=', id).executeTakeFirst();
      if (!row || (row.product_type === 'promembership' && !config.features.proMembership)) throw new HttpError(404, `Product ${id} not found`);
      const peaks = await database.query.selectFrom('catalogue_peaks').select('peaks').where('product_id', '=', id).executeTakeFirst();
      return { body: toProduct(row, peaks ? (JSON.parse(peaks.peaks) as number[]) : null) satisfies Product };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/audio/peaks/:id',
    access: 'anyone',
    input: {},
    async handle({ params }, { database }) {
      const id = parseProductId(params.id);
      const row = await database.query.selectFrom('catalogue_peaks').select('peaks').where('product_id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, `No peaks for product ${id}`);
      return { body: { id, peaks: JSON.parse(row.peaks) as number[] } satisfies Peaks };
    },
  }),
];
