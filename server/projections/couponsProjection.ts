import { couponEventCodec } from '../domain/coupon/couponEventCodec';
import { couponCodeOfStream } from '../domain/coupon/couponEvents';
import { defineProjection } from './projection';

/** The shop's coupons for the storefront's lookup and the admin's `Coupons` list, with their paid uses. */
export const couponsProjection = defineProjection({
  name: 'coupons',
  codec: couponEventCodec,
  types: ['CouponCreated', 'CouponChanged', 'CouponExpired', 'CouponUseConfirmed'],
  async apply(tx, events) {
    for (const event of events) {
      const code = couponCodeOfStream(event.streamId);
      switch (event.type) {
        case 'CouponCreated': {
          const coupon = event.data;
          await tx
            .insertInto('coupons')
            .values({
              code,
              producer_id: coupon.producerId,
              percentage: coupon.percentage,
              valid_from: Date.parse(coupon.validFrom),
              valid_until: Date.parse(coupon.validUntil),
              usage_limit: coupon.usageLimit,
              usage_count: 0,
              created_at: Date.parse(event.recordedAt),
            })
            .onConflict((conflict) => conflict.column('code').doNothing())
            .execute();
          break;
        }
        case 'CouponChanged': {
          const terms = event.data;
          await tx
            .updateTable('coupons')
            .set({
              producer_id: terms.producerId,
              percentage: terms.percentage,
              valid_from: Date.parse(terms.validFrom),
              valid_until: Date.parse(terms.validUntil),
              usage_limit: terms.usageLimit,
            })
            .where('code', '=', code)
            .execute();
          break;
        }
        case 'CouponExpired':
          await tx.updateTable('coupons').set({ valid_until: Date.parse(event.data.at) }).where('code', '=', code).execute();
          break;
        case 'CouponUseConfirmed':
          await tx.updateTable('coupons').set((eb) => ({ usage_count: eb('usage_count', '+', 1) })).where('code', '=', code).execute();
          break;
        default:
          break;
      }
    }
  },
});
