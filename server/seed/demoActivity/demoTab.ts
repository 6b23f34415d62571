import type { UnknownAction } from '@reduxjs/toolkit';
import { ACTION_LOG_LIMITS, type ActionLogEntry } from '../../../shared/actionLog/entry';
import { type ActionLogRecorder, createActionLogRecorder, type Viewport } from '../../../shared/actionLog/recorder';
import { ApiError } from '../../../shared/api/apiClient';
import shellSlice from '../../../shared/features/shell/shellSlice';
import { userRefreshed } from '../../../shared/features/auth/authSlice';
import type { User } from '../../../shared/schemas/auth';
import { type AppStore, makeStore, type SagaContext } from '../../../shared/store/makeStore';
import type { AppDeps } from '../../appDeps';

/** A batch's bytes at most: under the API's limit, with room for the JSON around the entries. */
const BATCH_BYTES = ACTION_LOG_LIMITS.maxBatchBytes - 4_096;

/** The demo tabs run no sagas: what the sagas would have put is dispatched by the seed, so nothing here may call out. */
const NO_SAGAS: SagaContext = {
  api: { request: () => Promise.reject(new ApiError('A demo tab makes no calls', 500)) },
  history: { push: () => undefined, replace: () => undefined },
  now: () => new Date(0),
};

/**
 * A browser tab of the demo month, as the storefront records one (DESIGN contract 2): the page
 * the server rendered opens the log with its state, then the actions a visitor's clicks and the
 * sagas' answers make, through the real reducers and the real recorder (redaction, sequence
 * numbers, checkpoints), stamped with the seed's clock. Shipped like the browser ships it, in
 * batches to `deps.actionLogs`, so the browser derivation (server/analytics/browserEvents.ts)
 * reads it like any other tab's.
 */
export class DemoTab {
  private readonly store: AppStore;
  private readonly recorder: ActionLogRecorder;

  /**
   * Opens the tab on a page: `landing` are the actions the server's render put while preloading
   * it (its data, then its arrival), for `user` (null: a guest). The log's id is `sessionId`, so a
   * tab played again after an interrupted seed sends the entries its log already holds, which the
   * store keeps once.
   */
  constructor(
    private readonly deps: AppDeps,
    now: () => Date,
    readonly user: User | null,
    landing: readonly UnknownAction[],
    viewport: Viewport,
    sessionId: string,
  ) {
    const features = deps.config.features;
    const rendered = makeStore(
      { config: { dashboardUrl: deps.config.publicUrls.dashboard, adminUrl: deps.config.publicUrls.admin, features }, shell: shellSlice.getInitialState() },
      { sagaContext: NO_SAGAS, developmentChecks: false },
    );
    if (user) rendered.dispatch(userRefreshed(user));
    for (const action of landing) rendered.dispatch(action);
    const ticket = deps.actionLogTickets.issue(sessionId);
    this.recorder = createActionLogRecorder({ sessionId: ticket.sessionId, token: ticket.token, now });
    this.store = makeStore(rendered.getState(), { sagaContext: NO_SAGAS, middleware: [this.recorder.middleware], developmentChecks: false });
    this.recorder.start(this.store.getState(), viewport);
  }

  /** The tab's log id: the X-Tracking-Id its cart adds and orders carry. */
  get sessionId(): string {
    return this.recorder.sessionId;
  }

  dispatch(...actions: readonly UnknownAction[]): void {
    for (const action of actions) this.store.dispatch(action);
  }

  /**
   * Sends what the tab recorded as the browser does, in as few batches as the API's limits allow
   * (each waits for the log store's group commit), from `addressKey` (a keyed hash of an address;
   * none is stored), at `now`: the tab was last seen then.
   */
  async ship(addressKey: string, now: Date): Promise<void> {
    this.recorder.checkpoint();
    for (const batch of batchesOf(this.recorder.unacknowledged())) {
      const bytes = new TextEncoder().encode(JSON.stringify({ sessionId: this.recorder.sessionId, token: this.recorder.token, entries: batch }));
      const { lastSeq } = await this.deps.actionLogs.record(bytes, { userId: this.user?.id ?? null, addressKey, now });
      this.recorder.acknowledge(lastSeq);
    }
  }
}

/** Entries in order, cut into batches within the API's count and bytes. */
function batchesOf(entries: readonly ActionLogEntry[]): ActionLogEntry[][] {
  const batches: ActionLogEntry[][] = [];
  let bytes = Infinity;
  for (const entry of entries) {
    const size = Buffer.byteLength(JSON.stringify(entry));
    const last = batches[batches.length - 1];
    if (!last || bytes + size > BATCH_BYTES || last.length === ACTION_LOG_LIMITS.maxEntriesPerBatch) {
      batches.push([entry]);
      bytes = size;
    } else {
      last.push(entry);
      bytes += size;
    }
  }
  return batches;
}
