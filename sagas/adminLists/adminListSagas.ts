import { call, put, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError } from '../../shared/api/apiClient';
import {
  type AdminAction,
  adminActionDone,
  adminActionFailed,
  adminActionRequested,
  type AdminListName,
  type AdminListsState,
  buyerLoaded,
  listLoaded,
  listSearchRefused,
  orderLoaded,
  producerLoaded,
  trackLoaded,
} from '../../shared/features/adminLists/adminListsSlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import {
  AdminBlockAnswerSchema,
  AdminBuyerDetailSchema,
  AdminBuyerPageSchema,
  AdminOrderDetailSchema,
  AdminOrderPageSchema,
  AdminProducerDetailSchema,
  AdminProducerPageSchema,
  AdminRefundAnswerSchema,
  AdminRolesAnswerSchema,
  AdminTrackDetailSchema,
  AdminTrackPageSchema,
} from '../../shared/schemas/adminLists';
import { failureMessage } from '../failureMessage';
import type { PreloadInput } from '../navigation/routePreloaders';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** The search fields each list's page passes on from its address; anything else there (a popup's key) is not the list's. */
const SEARCH_FIELDS: Record<AdminListName, readonly string[]> = {
  buyers: ['q', 'page'],
  producers: ['q', 'page'],
  tracks: ['q', 'status', 'page'],
  orders: ['q', 'status', 'from', 'to', 'page'],
};

function searchOf(list: AdminListName, query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(SEARCH_FIELDS[list].flatMap((field) => (query.get(field) ? [[field, query.get(field)!]] : [])));
}

/**
 * A list's preload. The server checks the search; its 400 (a day that does not exist, a page
 * number that is not one) is shown on the page above the form, where the admin can correct it.
 */
function* loadList(list: AdminListName, query: URLSearchParams) {
  const api = yield* fromContext('api');
  let answer: unknown;
  try {
    answer = yield call([api, api.request], { method: 'GET', path: `/admin/${list}`, query: searchOf(list, query) });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      yield put(listSearchRefused({ list, message: error.message }));
      return;
    }
    throw error;
  }
  switch (list) {
    case 'buyers':
      assert(answer, AdminBuyerPageSchema);
      yield put(listLoaded({ list, page: answer }));
      break;
    case 'producers':
      assert(answer, AdminProducerPageSchema);
      yield put(listLoaded({ list, page: answer }));
      break;
    case 'tracks':
      assert(answer, AdminTrackPageSchema);
      yield put(listLoaded({ list, page: answer }));
      break;
    case 'orders':
      assert(answer, AdminOrderPageSchema);
      yield put(listLoaded({ list, page: answer }));
      break;
    default: {
      const unknownList: never = list;
      throw new Error(`Unknown admin list ${String(unknownList)}`);
    }
  }
}

export const loadAdminBuyers = ({ query }: PreloadInput) => loadList('buyers', query);
export const loadAdminProducers = ({ query }: PreloadInput) => loadList('producers', query);
export const loadAdminTracks = ({ query }: PreloadInput) => loadList('tracks', query);
export const loadAdminOrders = ({ query }: PreloadInput) => loadList('orders', query);

/** A detail's id as the address gives it; the server refuses one that is not an id. */
const idParam = (params: PreloadInput['params']) => encodeURIComponent(params.id ?? '');

function* loadBuyer(id: string) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: `/admin/buyers/${id}` });
  assert(answer, AdminBuyerDetailSchema);
  yield put(buyerLoaded(answer));
}

function* loadProducer(id: string) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: `/admin/producers/${id}` });
  assert(answer, AdminProducerDetailSchema);
  yield put(producerLoaded(answer));
}

function* loadOrder(id: string) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: `/admin/orders/${id}` });
  assert(answer, AdminOrderDetailSchema);
  yield put(orderLoaded(answer));
}

export const loadAdminBuyer = ({ params }: PreloadInput) => loadBuyer(idParam(params));
export const loadAdminProducer = ({ params }: PreloadInput) => loadProducer(idParam(params));
export const loadAdminOrder = ({ params }: PreloadInput) => loadOrder(idParam(params));

export function* loadAdminTrack({ params }: PreloadInput) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: `/admin/tracks/${idParam(params)}` });
  assert(answer, AdminTrackDetailSchema);
  yield put(trackLoaded(answer));
}

/** Reads again the detail page that shows the account, so what it shows is the server's state after an action. */
function* reloadAccount(userId: number) {
  const shown = yield* select((state: { adminLists: AdminListsState }) => state.adminLists);
  if (shown.buyer?.account.id === userId) yield call(loadBuyer, String(userId));
  if (shown.producer?.account?.id === userId) yield call(loadProducer, String(shown.producer.producer.id));
}

function* blockOrUnblock(kind: 'block' | 'unblock', userId: number) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'POST', path: `/admin/users/${userId}/${kind}` });
  assert(answer, AdminBlockAnswerSchema);
  const shown = yield* select((state: { adminLists: AdminListsState }) => state.adminLists);
  const products = answer.withheldProducts === 1 ? '1 product is' : `${answer.withheldProducts} products are`;
  return answer.blocked
    ? `Account blocked: its sessions have ended and it cannot log in.${answer.withheldProducts > 0 ? ` ${products} out of the shop.` : ''}`
    : `Account unblocked: it can log in again${shown.producer?.account?.id === userId ? ', and its products are back in the shop' : ''}.`;
}

function* changeModerator(kind: 'grantModerator' | 'revokeModerator', userId: number) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: kind === 'grantModerator' ? 'PUT' : 'DELETE', path: `/admin/users/${userId}/roles/moderator` });
  assert(answer, AdminRolesAnswerSchema);
  if (kind === 'grantModerator') return 'Moderator role given: the moderation pages are open to this account now.';
  // The server ends the sessions unless the account keeps a higher role, which only admin is.
  return answer.roles.includes('admin')
    ? 'Moderator role removed. The account is still an admin, so its sessions go on.'
    : 'Moderator role removed: its sessions have ended, and it is back to its own pages.';
}

/** Runs the action, then reads the detail page again, so what it shows is the server's state after it. */
function* act(action: ReturnType<typeof adminActionRequested>) {
  const api = yield* fromContext('api');
  const requested: AdminAction = action.payload;
  try {
    if (requested.kind === 'refund') {
      const answer = yield* apiCall(api, { method: 'POST', path: `/admin/orders/${requested.orderId}/refund` });
      assert(answer, AdminRefundAnswerSchema);
      yield call(loadOrder, requested.orderId);
      const relisted = answer.relisted.length > 0 ? ' Its beat was never downloaded, so it is for sale again.' : '';
      yield put(adminActionDone({ message: `Order refunded. Its download links no longer work, and the buyer is mailed.${relisted}` }));
      return;
    }
    const { kind, userId } = requested;
    const message: string = kind === 'block' || kind === 'unblock' ? yield call(blockOrUnblock, kind, userId) : yield call(changeModerator, kind, userId);
    yield call(reloadAccount, userId);
    yield put(adminActionDone({ message }));
  } catch (error) {
    yield put(adminActionFailed());
    yield put(errorToastShown(failureMessage(error)));
  }
}

/** One action at a time: a second press while the first is on its way is ignored (the server would refund once anyway). */
export function* adminListSagas() {
  yield takeLeading(adminActionRequested.match, act);
}
