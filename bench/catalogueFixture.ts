import { sql } from 'kysely';
import type { AppDeps } from '../server/appDeps';
import { producerStreamId } from '../server/domain/producer/producerEvents';
import { productStreamId } from '../server/domain/product/productEvents';
import { DEMO_PRODUCERS, demoListings } from '../server/seed/demoCatalogue';

const BATCH = 1_000;

/**
 * Grows a benchmark catalogue from `from` beats to `to`, the way production builds it: events
 * appended to each product's stream, then projected. From 0 it starts with the producers. Far too
 * big for `npm start`; the demo seed stays small.
 */
export async function generateCatalogueFixture(deps: AppDeps, { from, to }: { from: number; to: number }, progress: (line: string) => void): Promise<void> {
  if (from === 0) {
    for (const profile of DEMO_PRODUCERS) {
      await deps.eventStore.append(producerStreamId(profile.producerId), [{ type: 'ProducerProfileCreated', data: profile }], { expectedVersion: 0 });
    }
  }
  const listings = demoListings(to);
  for (let at = from; at < to; at += BATCH) {
    await Promise.all(
      listings
        .slice(at, Math.min(at + BATCH, to))
        .map((listing) => deps.eventStore.append(productStreamId(listing.productId), [{ type: 'ProductListed', data: listing }], { expectedVersion: 0 })),
    );
    await deps.projector.catchUp();
    if (((at - from) / BATCH) % 20 === 19) progress(`  fixture: ${at + BATCH}/${to} products`);
  }
}

/** The catalogue's join tables, one or more rows per product: each with the column besides `product_id`. */
const JOIN_TABLES = [
  ['catalogue_product_genres', 'genre_id'],
  ['catalogue_product_moods', 'mood_id'],
  ['catalogue_product_tags', 'tag'],
] as const;

/**
 * Multiplies the projected catalogue by `factor` straight in its tables, without events: a
 * million beats listed through the event store would take most of the bench's time. Each copy
 * gets fresh ids and listing positions after the originals' (so the copies are the newest), and
 * every other column as it is, so filters match the same share of products at every size. The
 * demo listings have no previews, so catalogue_peaks has nothing to copy. SQLite only (it reads
 * the columns from pragma_table_info), as the bench's database is.
 */
export async function multiplyCatalogue(deps: AppDeps, factor: number): Promise<void> {
  await deps.database.transaction(async (tx) => {
    const top = await sql<{ id: number; position: number }>`SELECT max(id) AS id, max(listed_position) AS position FROM catalogue_products`.execute(tx);
    const { id: idStep, position: positionStep } = top.rows[0]!;
    const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('catalogue_products')`.execute(tx);
    const names = columns.rows.map((column) => column.name);
    const copied = names.map((name) =>
      name === 'id' ? sql`id + copy * ${idStep}` : name === 'listed_position' ? sql`listed_position + copy * ${positionStep}` : sql.ref(name),
    );
    // Copies 1 … factor − 1, as rows of a recursive CTE that each SELECT below joins with.
    const copies = sql`WITH RECURSIVE copies(copy) AS (SELECT 1 UNION ALL SELECT copy + 1 FROM copies WHERE copy < ${factor - 1})`;
    await sql`INSERT INTO catalogue_products (${sql.join(names.map((name) => sql.ref(name)))}) ${copies} SELECT ${sql.join(copied)} FROM catalogue_products, copies`.execute(tx);
    for (const [table, value] of JOIN_TABLES) {
      await sql`INSERT INTO ${sql.table(table)} (product_id, ${sql.ref(value)}) ${copies} SELECT product_id + copy * ${idStep}, ${sql.ref(value)} FROM ${sql.table(table)}, copies`.execute(tx);
    }
    await sql`UPDATE catalogue_tags SET product_count = (SELECT count(*) FROM catalogue_product_tags j WHERE j.tag = catalogue_tags.tag)`.execute(tx);
  });
}
