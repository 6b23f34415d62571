import { type Kysely, sql } from 'kysely';
import { ALL_GENRES_ID } from '../../shared/domain/catalogue/genres';
import type { TrackListQuery } from '../../shared/schemas/catalogueQuery';
import type { Tables } from '../db/schema';
import type { ProductType } from '../domain/product/productEvents';
import type { ProductRow } from './productAnswer';

/** What the shop lists (SPEC §2 "Catalogue"); the EDM contacts and PRO membership have their own places. */
const SHOP_PRODUCT_TYPES: ProductType[] = ['track', 'samplepack'];

const CATEGORY_COLUMN = { new: 'is_new', supersale: 'is_supersale', premium: 'is_premium' } as const;

/**
 * Up to this many products, the rarest tag drives the query (its products are looked up and
 * sorted); above it, walking the sort index and checking each product finds a page sooner.
 */
const RARE_TAG_PRODUCTS = 2_000;

const fromProducts = (db: Kysely<Tables>) => db.selectFrom('catalogue_products as p');
type ProductsQuery = ReturnType<typeof fromProducts>;

/** The producer's label that every product answer carries. */
const PRODUCER_LABEL = ['pr.artist_name as producer_artist_name', 'pr.short_name as producer_short_name', 'pr.avatar_src as producer_avatar_src'] as const;

/** Products joined with their producer's label. */
export function selectProducts(db: Kysely<Tables>) {
  return fromProducts(db).innerJoin('catalogue_producers as pr', 'pr.id', 'p.producer_id').selectAll('p').select(PRODUCER_LABEL);
}

/** How the tag filter runs: see RARE_TAG_PRODUCTS. `null` when some tag has no products, so nothing can match. */
type TagPlan = { driving: string | null; checked: string[] };

async function planTags(db: Kysely<Tables>, tags: string[]): Promise<TagPlan | null> {
  if (tags.length === 0) return { driving: null, checked: [] };
  const counts = await db.selectFrom('catalogue_tags').select(['tag', 'product_count']).where('tag', 'in', tags).execute();
  if (counts.length < tags.length || counts.some((row) => Number(row.product_count) === 0)) return null;
  const rarest = counts.reduce((a, b) => (Number(a.product_count) <= Number(b.product_count) ? a : b));
  const driving = Number(rarest.product_count) <= RARE_TAG_PRODUCTS ? rarest.tag : null;
  return { driving, checked: tags.filter((tag) => tag !== driving) };
}

/**
 * How genre, mood and tag filters reach the join tables. Walking the sort index and checking each
 * product with a correlated EXISTS finds a page of 20 after a few hundred rows when matches are
 * plentiful; when they are few (or for a count, which visits every match) looking the ids up in
 * the join tables first is cheaper.
 */
type Access = 'walk-sort-index' | 'look-up-ids';
const FEW_MATCHES = 500;

function filter(
  db: Kysely<Tables>,
  query: TrackListQuery,
  tags: TagPlan,
  access: Access,
): ProductsQuery {
  let q = fromProducts(db).where('p.product_type', 'in', SHOP_PRODUCT_TYPES);
  if (query.category && query.category !== 'all') q = q.where(`p.${CATEGORY_COLUMN[query.category]}`, '=', 1);
  if (query.vocaltype) q = q.where('p.vocal_type', '=', query.vocaltype);
  if (query.samplestype) q = q.where('p.samples_type', '=', query.samplestype);
  if (query.vocalgender?.length) q = q.where('p.vocal_gender', 'in', query.vocalgender);
  if (query.key?.length) q = q.where('p.musical_key', 'in', query.key);
  if (query.scale?.length) q = q.where('p.scale', 'in', query.scale);
  if (query.bpm) q = q.where('p.bpm', '>=', query.bpm[0]).where('p.bpm', '<=', query.bpm[1]);
  if (query.price) {
    // Whole dollars in the filter, cents in the table: $299 includes $299.99. "+ 0" keeps the
    // planner from trading the sort index for the price index plus a sort of every match.
    const cents = sql<number>`p.price_cents + 0`;
    q = q.where(cents, '>=', query.price[0] * 100).where(cents, '<', (query.price[1] + 1) * 100);
  }
  if (query.hidesold === 'true') q = q.where('p.is_sold', '=', 0);
  if (query.author_id !== undefined) q = q.where('p.producer_id', '=', query.author_id);
  // Genre 0 is "All genres": no filter. Several genres or moods: any of them; several tags: all of them.
  const page = access === 'walk-sort-index';
  const genres = (query.genre ?? []).filter((id) => id !== ALL_GENRES_ID);
  if (genres.length > 0) {
    q = q.where((eb) => {
      const rows = eb.selectFrom('catalogue_product_genres as j').select('j.product_id').where('j.genre_id', 'in', genres);
      return page ? eb.exists(rows.whereRef('j.product_id', '=', 'p.id')) : eb('p.id', 'in', rows);
    });
  }
  const moods = query.mood ?? [];
  if (moods.length > 0) {
    q = q.where((eb) => {
      const rows = eb.selectFrom('catalogue_product_moods as j').select('j.product_id').where('j.mood_id', 'in', moods);
      return page ? eb.exists(rows.whereRef('j.product_id', '=', 'p.id')) : eb('p.id', 'in', rows);
    });
  }
  if (tags.driving !== null) {
    q = q.where('p.id', 'in', db.selectFrom('catalogue_product_tags').select('product_id').where('tag', '=', tags.driving));
  }
  for (const tag of tags.checked) {
    q = q.where((eb) => {
      const rows = eb.selectFrom('catalogue_product_tags as j').select('j.product_id').where('j.tag', '=', tag);
      return page ? eb.exists(rows.whereRef('j.product_id', '=', 'p.id')) : eb('p.id', 'in', rows);
    });
  }
  return q;
}

/**
 * Whether few products match (at most FEW_MATCHES): a count that stops one past that, so it
 * visits at most that many matches however large the catalogue is. With a tag, genre or mood
 * filter it walks that join table and checks each product by its id: an `IN (…)` list would be
 * built whole before the count could stop (2.5 ms at 100k products, 19 ms at 1M).
 */
async function fewMatch(db: Kysely<Tables>, query: TrackListQuery, tags: TagPlan): Promise<boolean> {
  const limit = FEW_MATCHES + 1;
  // The product the walk is at passes every other filter.
  const passes = (rest: TrackListQuery, restTags: TagPlan) =>
    filter(db, rest, restTags, 'walk-sort-index').select('p.id').where('p.id', '=', sql.ref<number>('d.product_id'));
  const genres = (query.genre ?? []).filter((id) => id !== ALL_GENRES_ID);
  const walkedTag = tags.driving ?? tags.checked[0];
  let probe;
  if (walkedTag !== undefined) {
    const restTags = { driving: null, checked: tags.checked.filter((tag) => tag !== walkedTag) };
    probe = db.selectFrom('catalogue_product_tags as d').select('d.product_id').where('d.tag', '=', walkedTag).where((eb) => eb.exists(passes(query, restTags))).limit(limit);
  } else if (genres.length > 0) {
    probe = db.selectFrom('catalogue_product_genres as d').select('d.product_id').distinct().where('d.genre_id', 'in', genres).where((eb) => eb.exists(passes({ ...query, genre: undefined }, tags))).limit(limit);
  } else if (query.mood?.length) {
    probe = db.selectFrom('catalogue_product_moods as d').select('d.product_id').distinct().where('d.mood_id', 'in', query.mood).where((eb) => eb.exists(passes({ ...query, mood: undefined }, tags))).limit(limit);
  } else {
    probe = filter(db, query, tags, 'walk-sort-index').select('p.id as product_id').limit(limit);
  }
  const row = await db
    .selectFrom(probe.as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) <= FEW_MATCHES;
}

/** One page of the catalogue for the filters of GET /tracks, by the plan that finds it soonest. */
export async function findProductPage(db: Kysely<Tables>, query: TrackListQuery): Promise<ProductRow[]> {
  const tags = await planTags(db, (query.tags ?? []).map((tag) => tag.toLowerCase()));
  if (!tags) return [];
  let page = filter(db, query, tags, (await fewMatch(db, query, tags)) ? 'look-up-ids' : 'walk-sort-index')
    .innerJoin('catalogue_producers as pr', 'pr.id', 'p.producer_id')
    .selectAll('p')
    .select(PRODUCER_LABEL);
  switch (query.sortby ?? 'newest') {
    case 'newest':
      page = page.orderBy('p.listed_position', 'desc');
      break;
    case 'price-to-low':
      page = page.orderBy('p.price_cents', 'desc').orderBy('p.id', 'desc');
      break;
    case 'price-to-high':
      page = page.orderBy('p.price_cents', 'asc').orderBy('p.id', 'asc');
      break;
  }
  return page.limit(query.take).offset(query.skip).execute();
}

/** How many products match the filters in all, ignoring paging and sort: it visits every match, so only `count=true` asks for it. */
export async function countProducts(db: Kysely<Tables>, query: TrackListQuery): Promise<number> {
  const tags = await planTags(db, (query.tags ?? []).map((tag) => tag.toLowerCase()));
  if (!tags) return 0;
  const row = await filter(db, query, tags, 'look-up-ids')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
