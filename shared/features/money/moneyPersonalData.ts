import { nullable, string, type } from 'superstruct';
import { slicePersonalData } from '../../actionLog/personalData';
import { PayoutRequestSchema } from '../../schemas/earnings';
import { personal } from '../../schemas/personal';
import moneySlice from './moneySlice';

/** A payout's reference, as sent and as the status line repeats it. */
export const moneyPersonalData = slicePersonalData(moneySlice, {
  state: { status: personal(nullable(string())) },
  actions: { payoutRequested: PayoutRequestSchema, payoutRecorded: type({ reference: PayoutRequestSchema.schema.reference }) },
});
