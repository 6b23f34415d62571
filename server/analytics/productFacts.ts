import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../db/schema';
import { categoryOf, type ProductFacts } from './derivedEvent';

/** The shop's own name, the brand of what no producer sells (the EDM contacts list, the PRO membership, its services). */
export const SHOP_BRAND = 'Beatcrate';

/**
 * Products as the stream describes them, by id: the catalogue's row, or for a product no longer
 * listed (sold, withdrawn) the back office's; the brand is the producer's artist name. Ids the shop
 * never had are left out.
 */
export async function productFacts(db: Kysely<Tables> | Transaction<Tables>, productIds: readonly number[]): Promise<Map<number, ProductFacts>> {
  const ids = [...new Set(productIds)];
  const facts = new Map<number, ProductFacts>();
  if (ids.length === 0) return facts;
  const listed = await db
    .selectFrom('catalogue_products')
    .select(['id', 'producer_id', 'name', 'product_type', 'price_cents', 'project_file_price_cents'])
    .where('id', 'in', ids)
    .execute();
  const known = new Set(listed.map((row) => Number(row.id)));
  const unlisted = ids.filter((id) => !known.has(id));
  const rest =
    unlisted.length === 0
      ? []
      : (await db.selectFrom('admin_products').select(['product_id as id', 'producer_id', 'name', 'product_type', 'price_cents']).where('product_id', 'in', unlisted).execute()).map(
          (row) => ({ ...row, project_file_price_cents: null }),
        );
  const rows = [...listed, ...rest];
  const producerIds = [...new Set(rows.map((row) => Number(row.producer_id)))];
  const producers =
    producerIds.length === 0 ? [] : await db.selectFrom('catalogue_producers').select(['id', 'artist_name']).where('id', 'in', producerIds).execute();
  const brands = new Map(producers.map((row) => [Number(row.id), row.artist_name]));
  for (const row of rows) {
    facts.set(Number(row.id), {
      productId: Number(row.id),
      producerId: Number(row.producer_id),
      name: row.name,
      category: categoryOf(row.product_type),
      brand: brands.get(Number(row.producer_id)) ?? SHOP_BRAND,
      priceCents: Number(row.price_cents),
      projectFilePriceCents: row.project_file_price_cents === null ? null : Number(row.project_file_price_cents),
    });
  }
  return facts;
}
