import { rawConnection } from '../../test/helpers/rawConnection';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import { testConfig } from '../../test/helpers/testApp';
import { lookUpCoupon } from '../commerce/coupons';
import { listCoupons } from '../commerce/adminCoupons';
import { closeAppDeps, openAppDeps } from '../services';
import { schemaMigrator } from './migrator';

describe('migration 0025 turns the stored producer coupons into coupon events', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('a coupon saved before the migration still works, and is listed for admins', async () => {
    const before = rawConnection(database.url);
    try {
      const { error } = await schemaMigrator(before, database.kind).migrateTo('0020_studio_beat_details');
      expect(error).toBeUndefined();
      await before
        .insertInto('commerce_coupons' as never)
        .values({ code: 'lowtide20', producer_id: 2, percentage: 20, valid_from: Date.parse('2026-01-01T00:00:00Z'), valid_until: Date.parse('2027-01-01T00:00:00Z') } as never)
        .execute();
    } finally {
      await before.destroy();
    }
    const clock = { now: () => new Date('2026-11-21T10:00:00.000Z') };
    const deps = await openAppDeps(testConfig({ DATABASE_URL: database.url }), clock);
    try {
      expect(await lookUpCoupon(deps.database, 'LOWTIDE20', clock.now())).toEqual({ coupon: { code: 'lowtide20', percentage: 20, producerId: 2 }, error: null });
      expect(await listCoupons(deps)).toEqual([
        expect.objectContaining({ code: 'lowtide20', producerId: 2, percentage: 20, validUntil: '2027-01-01T00:00:00.000Z', usageLimit: null, usageCount: 0, active: true }),
      ]);
      const events = await deps.eventStore.readStream('coupon-lowtide20');
      expect(events.map((event) => event.type)).toEqual(['CouponCreated']);
    } finally {
      await closeAppDeps(deps);
    }
  });
});
