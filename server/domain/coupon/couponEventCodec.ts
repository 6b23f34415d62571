import { integer, nullable, object, string } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { CouponEvent } from './couponEvents';

const terms = {
  producerId: nullable(integer()),
  percentage: integer(),
  validFrom: string(),
  validUntil: string(),
  usageLimit: nullable(integer()),
  by: nullable(integer()),
};
const use = object({ orderId: string() });

export const couponEventCodec = eventCodec<CouponEvent>({
  CouponCreated: object({ code: string(), ...terms }),
  CouponChanged: object(terms),
  CouponExpired: object({ at: string(), by: nullable(integer()) }),
  CouponUseHeld: object({ orderId: string(), until: string() }),
  CouponUseReleased: use,
  CouponUseConfirmed: use,
});
