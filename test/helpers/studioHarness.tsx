import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Task } from 'redux-saga';
import { createActionLogRecorder } from '../../shared/actionLog/recorder';
import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import type { Role } from '../../shared/domain/auth/roles';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import { DEFAULT_FEATURES } from '../../shared/features/config/configSlice';
import { navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../shared/store/makeStore';
import { authSagas } from '../../sagas/auth/authSagas';
import { watchNavigation } from '../../sagas/navigation/navigationSaga';
import { studioSagas } from '../../sagas/studio/studioSagas';
import { accountSagas } from '../../sagas/account/accountSagas';
import type { AvatarUploader } from '../../client/api/fetchAvatarUploader';
import { AvatarUploaderContext } from '../../client/features/account/avatarUploaderContext';
import { createXhrBeatUploader, type UploadRequest } from '../../client/api/xhrBeatUploader';
import { App } from '../../client/App';
import { BeatUploaderContext } from '../../client/features/studio/beatUploaderContext';
import { aUser } from './fixtures';

/** What `Account` reads of a test's user when the test does not answer it itself. */
export const accountProfileOf = (role: Role) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  country: 'Germany',
  socialNetwork: role === 'producer' ? 'facebook.com/ada' : null,
  avatarSrc: null,
  isSeller: role === 'producer',
  artistName: null,
  pendingEmail: null,
});

const EMPTY_CART = { items: [], serviceFeeFixed: 0, serviceFeePercentage: 0, subTotal: 0, subTotalWithoutCoupon: 0, discount: 0, total: 0, coupon: null };

/**
 * The network under the upload transport: each request the transport opens, with its form data,
 * for the test to report progress on, answer or see aborted.
 */
export class FakeUploadRequest implements UploadRequest {
  static opened: FakeUploadRequest[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: UploadRequest['onload'] = null;
  onerror: UploadRequest['onerror'] = null;
  onabort: UploadRequest['onabort'] = null;

  constructor() {
    FakeUploadRequest.opened.push(this);
  }
  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null) {
    this.body = body instanceof FormData ? body : null;
  }
  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }
}

/** The sagas of the pages opened by a test: stopped after it, so no timer of theirs (the 2 s re-read) outlives it. */
const running: Task[] = [];
afterEach(() => {
  for (const task of running.splice(0)) task.cancel();
});

export interface StudioOptions {
  role: Role;
  pathname: string;
  /** The API's answer to each call the page makes; an ApiError is thrown; undefined fails the call as unexpected. */
  answer: (request: ApiRequest) => unknown;
  /** The account picture's transport, when the test uploads one. */
  avatarUploads?: AvatarUploader;
}

/** The whole App on a dashboard page, with the navigation, auth and studio sagas and the real upload transport over a fake network. */
export async function openStudio({ role, pathname, answer, avatarUploads }: StudioOptions) {
  const calls: ApiRequest[] = [];
  FakeUploadRequest.opened = [];
  const api: ApiClient = {
    async request<T>(request: ApiRequest) {
      calls.push(request);
      if (request.path === '/ecommerce/cart') return EMPTY_CART as T;
      const answered = answer(request) ?? (request.path === '/account/profile' ? accountProfileOf(role) : request.path === '/account/sessions' ? { sessions: [] } : undefined);
      if (answered instanceof ApiError) throw answered;
      if (answered === undefined) throw new Error(`unexpected call ${request.method} ${request.path}`);
      return answered as T;
    },
  };
  const recorder = createActionLogRecorder({ sessionId: 'tab-1', token: 'token', now: () => new Date(0) });
  const uploader = createXhrBeatUploader('/api/v1/studio/beats', () => new FakeUploadRequest());
  const store = makeStore(
    { config: { dashboardUrl: '', adminUrl: '', features: DEFAULT_FEATURES } },
    {
      sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0), beatUploads: uploader, ...(avatarUploads ? { avatarUploads } : {}) },
      middleware: [recorder.middleware],
    },
  );
  running.push(store.runSaga(watchNavigation), store.runSaga(authSagas), store.runSaga(studioSagas), store.runSaga(accountSagas));
  store.dispatch(userRefreshed(aUser({ roles: [role], currentRole: role })));
  render(
    <Provider store={store}>
      <BeatUploaderContext.Provider value={uploader}>
        <AvatarUploaderContext.Provider value={avatarUploads ?? null}>
          <App />
        </AvatarUploaderContext.Provider>
      </BeatUploaderContext.Provider>
    </Provider>,
  );
  await act(async () => {
    store.dispatch(navigationRequested({ pathname, search: '', mode: 'push' }));
  });
  return { store, calls, recorder };
}
