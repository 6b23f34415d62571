import { slicePersonalData } from '../../actionLog/personalData';
import { DashboardHomeSchema } from '../../schemas/sites';
import sitesSlice from './sitesSlice';

/** The dashboard's open custom orders, with the buyer's name. */
export const sitesPersonalData = slicePersonalData(sitesSlice, {
  state: { dashboardHome: DashboardHomeSchema },
  actions: { dashboardHomeLoaded: DashboardHomeSchema },
});
