import { loadProducerPage } from '../producer/producerSagas';
import { loadProductPage } from '../product/productSagas';
import type { RouteMatch } from '../../shared/routes/matchRoute';
import type { RouteName } from '../../shared/routes/routeTable';
import { loadAdminHome, loadAdminProducers, loadDashboardHome } from '../sites/sitePageSagas';
import { loadPendingProducers, loadPendingTracks, loadReportedTracks } from '../moderation/moderationSagas';
import { checkResetLink, confirmEmail } from '../auth/accountPageSagas';
import { loadBeats } from '../catalogue/beatsSagas';
import { loadHomeTracks } from '../catalogue/loadHomeTracks';
import { loadProMembership } from '../proMembership/loadProMembership';
import { loadSoundServices } from '../pages/pageSagas';
import { loadCart } from '../cart/loadCart';
import { loadAccountPage, loadMyBeats } from '../studio/studioPageSagas';
import { readAccount } from '../account/accountSagas';

export interface PreloadInput {
  params: RouteMatch['params'];
  query: URLSearchParams;
}

/** The sagas that fetch a route's page data; the server runs them to completion before rendering. */
export const ROUTE_PRELOADERS: Readonly<Partial<Record<RouteName, (input: PreloadInput) => Generator>>> = {
  index: loadHomeTracks,
  beats: loadBeats,
  'email-confirmation-token': confirmEmail,
  'reset-password-token': checkResetLink,
  id: loadProducerPage,
  'beatmaker-id': loadProducerPage,
  'product-id': loadProductPage,
  'pro-membership': loadProMembership,
  services: loadSoundServices,
  cart: () => loadCart(),
  'dashboard-home': loadDashboardHome,
  'admin-home': loadAdminHome,
  'admin-producers': loadAdminProducers,
  'dashboard-account': loadAccountPage,
  'dashboard-beats': loadMyBeats,
  'admin-producers-pending': loadPendingProducers,
  'admin-tracks-pending': loadPendingTracks,
  'admin-tracks-reported': loadReportedTracks,
  'admin-account': readAccount,
};
