import { slicePersonalData } from '../../actionLog/personalData';
import { SupportSearchAnswerSchema, SupportSessionDetailSchema } from '../../schemas/support';
import supportSlice from './supportSlice';

/** The session being watched, and a page of sessions, name the buyers who recorded them (to a role that may know them). */
export const supportPersonalData = slicePersonalData(supportSlice, {
  state: { session: SupportSessionDetailSchema, search: SupportSearchAnswerSchema },
  actions: { supportSessionLoaded: SupportSessionDetailSchema, supportSearchLoaded: SupportSearchAnswerSchema },
});
