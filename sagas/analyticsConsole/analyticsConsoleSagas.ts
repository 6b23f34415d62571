import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { assert } from 'superstruct';
import { ApiError, type ApiRequest } from '../../shared/api/apiClient';
import { analyticsCallFailed, analyticsConsoleLoaded, analyticsDeliveriesLoaded, analyticsDeliveriesRequested, analyticsKeyMade, analyticsKeyRequested, analyticsKeyRevoked, analyticsKeyRevokeRequested, analyticsSecretCopied, analyticsSecretCopyRequested, analyticsWebhookChanged, analyticsWebhookChangeRequested, analyticsWebhookDeleted, analyticsWebhookMade, analyticsWebhookRequested, type ConsoleForm, keyBusyKey, NEW_KEY_BUSY, NEW_WEBHOOK_BUSY, selectRevealedSecret, webhookBusyKey } from '../../shared/features/analyticsConsole/analyticsConsoleSlice';
import { errorToastShown } from '../../shared/features/notifications/notificationsSlice';
import {
  AnalyticsKeyAnswerSchema,
  AnalyticsKeyCreatedSchema,
  AnalyticsKeyListSchema,
  AnalyticsWebhookAnswerSchema,
  AnalyticsWebhookCreatedSchema,
  AnalyticsWebhookDeletedSchema,
  AnalyticsWebhookDeliveryListSchema,
  AnalyticsWebhookListSchema,
} from '../../shared/schemas/analyticsWebhooks';
import { failureMessage } from '../failureMessage';
import { fromContext } from '../fromContext';
import { select } from 'typed-redux-saga';
import { apiCall } from '../apiCall';

function* request(call_: ApiRequest) {
  const api = yield* fromContext('api');
  const answer = yield* apiCall(api, call_);
  return answer;
}

/** Preload of `Analytics keys and webhooks` (`/admin/analytics`): both lists, read side by side. */
export function* loadAnalyticsConsole() {
  const [keys, webhooks]: unknown[] = yield all([call(request, { method: 'GET', path: '/admin/analytics/keys' }), call(request, { method: 'GET', path: '/admin/analytics/webhooks' })]);
  assert(keys, AnalyticsKeyListSchema);
  assert(webhooks, AnalyticsWebhookListSchema);
  yield put(analyticsConsoleLoaded({ keys: keys.keys, webhooks: webhooks.webhooks }));
}

/**
 * A call that failed: a form's refusal (the server's 4xx about what was typed) is shown under the
 * form; anything else, and any failure of a row's button, in the error toast.
 */
function* failed(error: unknown, busy: string, form?: ConsoleForm) {
  if (form && error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) {
    yield put(analyticsCallFailed({ busy, form, message: error.message }));
    return;
  }
  yield put(analyticsCallFailed({ busy }));
  yield put(errorToastShown(failureMessage(error)));
}

function* makeKey(action: ReturnType<typeof analyticsKeyRequested>) {
  try {
    const answer: unknown = yield* request({ method: 'POST', path: '/admin/analytics/keys', body: action.payload });
    assert(answer, AnalyticsKeyCreatedSchema);
    yield put(analyticsKeyMade(answer));
  } catch (error) {
    yield* failed(error, NEW_KEY_BUSY, 'key');
  }
}

function* revokeKey(action: ReturnType<typeof analyticsKeyRevokeRequested>) {
  try {
    const answer: unknown = yield* request({ method: 'POST', path: `/admin/analytics/keys/${action.payload}/revoke` });
    assert(answer, AnalyticsKeyAnswerSchema);
    yield put(analyticsKeyRevoked(answer.key));
  } catch (error) {
    yield* failed(error, keyBusyKey(action.payload));
  }
}

function* registerWebhook(action: ReturnType<typeof analyticsWebhookRequested>) {
  try {
    const answer: unknown = yield* request({ method: 'POST', path: '/admin/analytics/webhooks', body: action.payload });
    assert(answer, AnalyticsWebhookCreatedSchema);
    yield put(analyticsWebhookMade(answer));
  } catch (error) {
    yield* failed(error, NEW_WEBHOOK_BUSY, 'webhook');
  }
}

function* changeWebhook(action: ReturnType<typeof analyticsWebhookChangeRequested>) {
  const { id, change } = action.payload;
  try {
    if (change === 'delete') {
      const answer: unknown = yield* request({ method: 'DELETE', path: `/admin/analytics/webhooks/${id}` });
      assert(answer, AnalyticsWebhookDeletedSchema);
      yield put(analyticsWebhookDeleted(answer.id));
    } else {
      const answer: unknown = yield* request({ method: 'POST', path: `/admin/analytics/webhooks/${id}/${change}` });
      assert(answer, AnalyticsWebhookAnswerSchema);
      yield put(analyticsWebhookChanged({ webhook: answer.webhook, change }));
    }
  } catch (error) {
    yield* failed(error, webhookBusyKey(id));
  }
}

function* loadDeliveries(action: ReturnType<typeof analyticsDeliveriesRequested>) {
  try {
    const answer: unknown = yield* request({ method: 'GET', path: `/admin/analytics/webhooks/${action.payload}/deliveries` });
    assert(answer, AnalyticsWebhookDeliveryListSchema);
    yield put(analyticsDeliveriesLoaded({ webhookId: action.payload, attempts: answer.deliveries }));
  } catch (error) {
    yield put(errorToastShown(failureMessage(error)));
  }
}

function* copySecret() {
  const revealed = yield* select(selectRevealedSecret);
  const clipboard = yield* fromContext('clipboard');
  if (!revealed) return;
  try {
    if (!clipboard) throw new Error('No clipboard');
    yield call([clipboard, clipboard.writeText], revealed.secret);
    yield put(analyticsSecretCopied());
  } catch {
    // A browser that refuses the clipboard (no permission, a page not served over https): the secret stays on the page to select.
    yield put(errorToastShown('Could not copy: select the text and copy it yourself'));
  }
}

/** The page's calls; the latest open of a delivery log wins (a Refresh pressed twice reads once). */
export function* analyticsConsoleSagas() {
  yield takeEvery(analyticsKeyRequested.match, makeKey);
  yield takeEvery(analyticsKeyRevokeRequested.match, revokeKey);
  yield takeEvery(analyticsWebhookRequested.match, registerWebhook);
  yield takeEvery(analyticsWebhookChangeRequested.match, changeWebhook);
  yield takeLatest(analyticsDeliveriesRequested.match, loadDeliveries);
  yield takeLatest(analyticsSecretCopyRequested.match, copySecret);
}
