import { slicePersonalData } from '../../actionLog/personalData';
import { AccountProfileSchema } from '../../schemas/account';
import accountSlice from './accountSlice';

/** The settings page's profile: the member's name, address and social page. */
export const accountPersonalData = slicePersonalData(accountSlice, {
  state: { profile: AccountProfileSchema },
  actions: { accountProfileLoaded: AccountProfileSchema },
});
