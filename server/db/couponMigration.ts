import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from './database';

interface LegacyCoupon {
  code: string;
  producer_id: number | string;
  percentage: number;
  valid_from: number | string;
  valid_until: number | string;
}

/**
 * Part of migration 0025: each producer coupon of the old `commerce_coupons` table becomes a
 * `CouponCreated` event of its own stream (by: null, a tool), so the coupon aggregate and its
 * read model know it. Few rows (the seed's), so one insert each.
 */
export async function moveCouponsIntoEvents(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const { rows } = await sql<LegacyCoupon>`SELECT code, producer_id, percentage, valid_from, valid_until FROM commerce_coupons`.execute(db);
  const recordedAt = new Date().toISOString();
  for (const row of rows) {
    const data = JSON.stringify({
      code: row.code,
      producerId: Number(row.producer_id),
      percentage: Number(row.percentage),
      validFrom: new Date(Number(row.valid_from)).toISOString(),
      validUntil: new Date(Number(row.valid_until)).toISOString(),
      usageLimit: null,
      by: null,
    });
    const value = kind === 'postgres' ? sql`${data}::jsonb` : sql`${data}`;
    await sql`INSERT INTO events (stream_id, version, type, data, metadata, recorded_at) VALUES (${`coupon-${row.code}`}, 1, 'CouponCreated', ${value}, NULL, ${recordedAt})`.execute(db);
  }
}
