import { slicePersonalData } from '../../actionLog/personalData';
import { SupportSessionDetailSchema } from '../../schemas/support';
import supportSlice from './supportSlice';

/** The session being watched names the buyer who recorded it (to a role that may know them). */
export const supportPersonalData = slicePersonalData(supportSlice, {
  state: { session: SupportSessionDetailSchema },
  actions: { supportSessionLoaded: SupportSessionDetailSchema },
});
