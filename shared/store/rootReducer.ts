import { combineSlices } from '@reduxjs/toolkit';
import authSlice from '../features/auth/authSlice';
import configSlice from '../features/config/configSlice';
import catalogueSlice from '../features/catalogue/catalogueSlice';
import i18nSlice from '../features/i18n/i18nSlice';
import notificationsSlice from '../features/notifications/notificationsSlice';
import navigationSlice from '../features/navigation/navigationSlice';
import pagesSlice from '../features/pages/pagesSlice';
import playerSlice from '../features/player/playerSlice';
import producerSlice from '../features/producer/producerSlice';
import productSlice from '../features/product/productSlice';
import tagSearchSlice from '../features/tagSearch/tagSearchSlice';
import shellSlice from '../features/shell/shellSlice';
import proMembershipSlice from '../features/proMembership/proMembershipSlice';
import cartSlice from '../features/cart/cartSlice';
import wishlistSlice from '../features/wishlist/wishlistSlice';
import checkoutSlice from '../features/checkout/checkoutSlice';
import sitesSlice from '../features/sites/sitesSlice';
import studioSlice from '../features/studio/studioSlice';
import moderationSlice from '../features/moderation/moderationSlice';
import librarySlice from '../features/library/librarySlice';
import buyerSlice from '../features/buyer/buyerSlice';
import customOrdersSlice from '../features/customOrders/customOrdersSlice';
import producerOffersSlice from '../features/producerOffers/producerOffersSlice';
import adminListsSlice from '../features/adminLists/adminListsSlice';
import moneySlice from '../features/money/moneySlice';
import accountSlice from '../features/account/accountSlice';
import supportSlice from '../features/support/supportSlice';
import analyticsReportsSlice from '../features/analyticsReports/analyticsReportsSlice';
import analyticsConsoleSlice from '../features/analyticsConsole/analyticsConsoleSlice';

export const rootReducer = combineSlices(
  navigationSlice,
  i18nSlice,
  catalogueSlice,
  authSlice,
  configSlice,
  producerSlice,
  productSlice,
  tagSearchSlice,
  notificationsSlice,
  pagesSlice,
  cartSlice,
  wishlistSlice,
  checkoutSlice,
  shellSlice,
  proMembershipSlice,
  playerSlice,
  sitesSlice,
  studioSlice,
  moderationSlice,
  librarySlice,
  buyerSlice,
  customOrdersSlice,
  producerOffersSlice,
  adminListsSlice,
  moneySlice,
  accountSlice,
  supportSlice,
  analyticsReportsSlice,
  analyticsConsoleSlice,
);
export type RootState = ReturnType<typeof rootReducer>;
