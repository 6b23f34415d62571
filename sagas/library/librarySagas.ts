import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, put, take, takeLeading } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { loggedOut } from '../../shared/features/auth/authSlice';
import { orderMailFailed, orderMailRequested, orderMailSent, purchasesLoaded, salesLoaded, selectPurchases } from '../../shared/features/library/librarySlice';
import { navigationArrived, selectRouteName } from '../../shared/features/navigation/navigationSlice';
import { MailResentSchema, type Purchase, PurchasesSchema, SalesSchema } from '../../shared/schemas/library';
import { failureMessage } from '../failureMessage';
import { backgroundReadFailed } from '../shell/failureActions';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

/** How often My purchases is read again while a master or a contract is being prepared (the jobs take seconds). */
export const PREPARING_POLL_MS = 5_000;

function* readPurchases() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/account/orders' });
  assert(answer, PurchasesSchema);
  yield put(purchasesLoaded(answer.orders));
}

/** Preload of `My purchases` (`/dashboard/purchases`). */
export function* loadPurchases() {
  yield call(readPurchases);
}

/** Preload of `Sales` (`/dashboard/sales`): the producer's sold beats with their contracts. */
export function* loadSales() {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, { method: 'GET', path: '/account/sales' });
  assert(answer, SalesSchema);
  yield put(salesLoaded(answer.sales));
}

function* resendMail(action: ReturnType<typeof orderMailRequested>) {
  const api = yield* fromContext('api');
  try {
    const answer = yield* apiCall(api, { method: 'POST', path: `/account/orders/${action.payload}/mail` });
    assert(answer, MailResentSchema);
    yield put(orderMailSent({ orderId: action.payload, message: answer.message }));
  } catch (error) {
    yield put(orderMailFailed({ orderId: action.payload, message: failureMessage(error) }));
  }
}

const preparing = (orders: readonly Purchase[]) =>
  orders.some((order) => order.files.some((file) => file.state === 'preparing') || order.items.some((item) => item.contract !== null && item.contract.url === null));

/** Reads the list again while My purchases is open and a file or a contract on it is being prepared. */
function* pollWhilePreparing() {
  for (;;) {
    const routeName = yield* select(selectRouteName);
    const orders = yield* select(selectPurchases);
    if (routeName !== 'dashboard-purchases' || !orders || !preparing(orders)) return;
    yield delay(PREPARING_POLL_MS);
    try {
      // Its `purchasesLoaded` restarts this loop (watchPreparing).
      yield call(readPurchases);
    } catch (error) {
      yield put(backgroundReadFailed({ what: 'my purchases, read again', message: failureMessage(error) }));
    }
  }
}

/** Every new list, page change or logout decides afresh whether to keep reading. */
function* watchPreparing() {
  let polling: Task = yield fork(pollWhilePreparing);
  for (;;) {
    yield take([purchasesLoaded.type, navigationArrived.type, loggedOut.type]);
    yield cancel(polling);
    polling = yield fork(pollWhilePreparing);
  }
}

/** My purchases: the mail again (a press while one is on its way is ignored), and the list kept fresh while files are prepared. */
export function* librarySagas() {
  yield takeLeading(orderMailRequested.type, resendMail);
  yield fork(watchPreparing);
}
