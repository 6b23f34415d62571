import type { UnknownAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { create } from 'superstruct';
import { fieldErrorsOf, messageOf, safeJson } from '../../client/api/fetchApiClient';
import { ActionLogTicketSchema } from '../../shared/actionLog/entry';
import { type ActionLogRecorder, createActionLogRecorder } from '../../shared/actionLog/recorder';
import { ApiError, type ApiClient, type RequestFailure, requestFailed, toQueryString } from '../../shared/api/apiClient';
import { ACTION_LOG_TICKET_ID, PRELOADED_STATE_ID } from '../../shared/domain/constants';
import { navigationRequested } from '../../shared/features/navigation/navigationSlice';
import type { RootState } from '../../shared/store/rootReducer';
import { makeStore } from '../../shared/store/makeStore';
import { flushActionLog } from '../../sagas/actionLog/shipActionLog';
import { browserRootSaga } from '../../sagas/rootSaga';
import type { ApiBrowser } from '../helpers/accountClient';

type Store = ReturnType<typeof makeStore>;

const scriptText = (html: string, id: string) => new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];

/** The storefront's API client over a test browser's cookie jar, reporting failures as the browser's does. */
function cookieApi(browser: ApiBrowser, onFailure: (failure: RequestFailure) => void): ApiClient {
  return {
    async request<T>({ method, path, query, body, headers }: Parameters<ApiClient['request']>[0]): Promise<T> {
      const response = await browser.call(method, `${path}${toQueryString(query)}`, body, headers ?? {});
      const text = await response.text();
      const answer: unknown = text ? safeJson(text) : null;
      if (!response.ok) {
        const error = new ApiError(messageOf(answer) ?? response.statusText, response.status, fieldErrorsOf(answer));
        if (path !== '/action-log') onFailure({ method, path, status: error.statusCode, message: error.message });
        throw error;
      }
      return answer as T;
    },
  };
}

/**
 * A browser tab as far as the action log can tell: the page the server renders for the test
 * browser's cookies (its preloaded state and action-log ticket), the real store with every saga of
 * a browser session and the recorder, and the log shipped to the server when asked. What a form
 * sends is dispatched as the form dispatches it.
 */
export class RecordedTab {
  private constructor(
    readonly store: Store,
    readonly recorder: ActionLogRecorder,
    private readonly sagas: Task,
  ) {}

  static async open(browser: ApiBrowser, url: string): Promise<RecordedTab> {
    const page = await fetch(`${browser.baseUrl}${url}`, { headers: { Cookie: browser.cookieHeader() } });
    const html = await page.text();
    const state = JSON.parse(scriptText(html, PRELOADED_STATE_ID) ?? 'null') as RootState | null;
    const ticket = create(JSON.parse(scriptText(html, ACTION_LOG_TICKET_ID) ?? 'null') as unknown, ActionLogTicketSchema);
    if (state === null) throw new Error(`${url} answered ${page.status} without a preloaded state`);
    const recorder = createActionLogRecorder({ ...ticket, now: () => new Date() });
    const store: Store = makeStore(state, {
      sagaContext: {
        api: cookieApi(browser, (failure) => store.dispatch(requestFailed(failure))),
        history: { push: () => undefined, replace: () => undefined, leave: () => undefined, back: () => undefined },
        now: () => new Date(),
        trackingId: () => recorder.sessionId,
      },
      middleware: [recorder.middleware],
    });
    recorder.start(state, { width: 1280, height: 800 });
    const sagas = store.runSaga(browserRootSaga, null);
    return new RecordedTab(store, recorder, sagas);
  }

  get state(): RootState {
    return this.store.getState();
  }

  dispatch(action: UnknownAction): void {
    this.store.dispatch(action);
  }

  /** Resolves once the state satisfies `ready`, as the person waits for the page to show it. */
  until(ready: (state: RootState) => boolean, what: string): Promise<void> {
    if (ready(this.state)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`The tab never showed ${what}`));
      }, 20_000);
      const unsubscribe = this.store.subscribe(() => {
        if (!ready(this.state)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve();
      });
    });
  }

  /** Goes to a page as a link does, and waits until it has arrived. */
  async go(pathname: string, search = ''): Promise<void> {
    this.dispatch(navigationRequested({ pathname, search, mode: 'push' }));
    await this.until((state) => state.navigation.pending === null && state.navigation.pathname === pathname, `${pathname}${search}`);
  }

  /** The page is hidden: a last checkpoint, and everything recorded shipped to the server. */
  async ship(): Promise<void> {
    this.recorder.checkpoint();
    await this.store.runSaga(flushActionLog, this.recorder).toPromise();
    if (this.recorder.pendingCount() > 0) throw new Error('The action log was not delivered');
  }

  async close(): Promise<void> {
    await this.ship();
    this.sagas.cancel();
  }
}
