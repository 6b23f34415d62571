import { integer, object, string } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { PayoutEvent } from './payoutEvents';

export const payoutEventCodec = eventCodec<PayoutEvent>({
  PayoutSent: object({ payoutId: string(), producerId: integer(), amountCents: integer(), reference: string(), sentAt: string(), by: integer() }),
});
