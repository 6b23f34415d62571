import { rawConnection } from '../../test/helpers/rawConnection';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { schemaMigrator } from './migrator';

const product = (id: number, listedPosition: number) => ({
  id,
  producer_id: 1,
  name: `Beat ${id}`,
  product_type: 'track',
  genre_ids: '[]',
  mood_ids: '[]',
  tags: '[]',
  is_new: 0,
  is_supersale: 0,
  is_premium: 0,
  price_cents: 19_900,
  is_sold: 0,
  listed_position: listedPosition,
});

describe('migration 0022 dates the products already listed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('each listed product gets the time of the ProductListed event at its listing position', async () => {
    const db = rawConnection(database.url);
    try {
      expect((await schemaMigrator(db, database.kind).migrateTo('0020_studio_beat_details')).error).toBeUndefined();
      const listed = (productId: number, recordedAt: string) => ({
        stream_id: `product-${productId}`,
        version: 1,
        type: 'ProductListed',
        data: '{}',
        metadata: null,
        recorded_at: recordedAt,
      });
      await db
        .insertInto('events' as never)
        .values([listed(7, '2026-10-01T09:00:00.250Z'), listed(8, '2026-11-20T23:59:59.999Z')] as never)
        .execute();
      const positions = (await db.selectFrom('events' as never).select('position' as never).orderBy('position' as never).execute()) as { position: number | string }[];
      await db
        .insertInto('catalogue_products' as never)
        .values([product(7, Number(positions[0]!.position)), product(8, Number(positions[1]!.position))] as never)
        .execute();
      expect((await schemaMigrator(db, database.kind, database.sqliteFile).migrateToLatest()).error).toBeUndefined();
      const rows = (await db.selectFrom('catalogue_products' as never).select(['id', 'listed_at'] as never).orderBy('id' as never).execute()) as { id: number; listed_at: number | string }[];
      expect(rows.map((row) => [Number(row.id), Number(row.listed_at)])).toEqual([
        [7, Date.parse('2026-10-01T09:00:00.250Z')],
        [8, Date.parse('2026-11-20T23:59:59.999Z')],
      ]);
    } finally {
      await db.destroy();
    }
  });
});
