import { type } from 'superstruct';
import { accountPersonalData } from '../features/account/accountPersonalData';
import { adminListsPersonalData } from '../features/adminLists/adminListsPersonalData';
import { authPersonalData } from '../features/auth/authPersonalData';
import { checkoutPersonalData } from '../features/checkout/checkoutPersonalData';
import { customOrdersPersonalData } from '../features/customOrders/customOrdersPersonalData';
import { moderationPersonalData } from '../features/moderation/moderationPersonalData';
import { moneyPersonalData } from '../features/money/moneyPersonalData';
import { navigationPersonalData } from '../features/navigation/navigationPersonalData';
import { sitesPersonalData } from '../features/sites/sitesPersonalData';
import { studioPersonalData } from '../features/studio/studioPersonalData';
import { supportPersonalData } from '../features/support/supportPersonalData';
import type { RootState } from '../store/rootReducer';
import { NOTHING_PERSONAL, type Shape, type SlicePersonalData } from './personalData';

/**
 * Every slice of the state, with where it holds personal data: a new slice does not compile
 * until it is listed here, with its declaration or as holding nothing personal.
 */
const SLICES: { readonly [Slice in keyof RootState]: SlicePersonalData } = {
  navigation: navigationPersonalData,
  i18n: NOTHING_PERSONAL,
  catalogue: NOTHING_PERSONAL,
  auth: authPersonalData,
  config: NOTHING_PERSONAL,
  producer: NOTHING_PERSONAL,
  product: NOTHING_PERSONAL,
  tagSearch: NOTHING_PERSONAL,
  notifications: NOTHING_PERSONAL,
  pages: NOTHING_PERSONAL,
  cart: NOTHING_PERSONAL,
  wishlist: NOTHING_PERSONAL,
  checkout: checkoutPersonalData,
  shell: NOTHING_PERSONAL,
  proMembership: NOTHING_PERSONAL,
  player: NOTHING_PERSONAL,
  sites: sitesPersonalData,
  studio: studioPersonalData,
  moderation: moderationPersonalData,
  library: NOTHING_PERSONAL,
  buyer: NOTHING_PERSONAL,
  customOrders: customOrdersPersonalData,
  producerOffers: NOTHING_PERSONAL,
  adminLists: adminListsPersonalData,
  money: moneyPersonalData,
  account: accountPersonalData,
  support: supportPersonalData,
  analyticsReports: NOTHING_PERSONAL,
  analyticsConsole: NOTHING_PERSONAL,
};

/** The whole state's shape: each slice's keys that can hold personal data. */
export const STATE_SHAPE: Shape = type(Object.fromEntries(Object.entries(SLICES).map(([name, slice]) => [name, type(slice.state)])));

const ACTION_SHAPES = new Map<string, Shape>(Object.values(SLICES).flatMap((slice) => [...slice.actions]));

/** The shape of an action's payload, when its type is declared to carry personal data. */
export const actionShapeOf = (actionType: string): Shape | undefined => ACTION_SHAPES.get(actionType);
