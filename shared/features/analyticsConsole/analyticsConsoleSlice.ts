import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnalyticsKeyView } from '../../schemas/analytics';
import type {
  AdminAnalytics,
  AnalyticsKeyCreated,
  AnalyticsWebhookCreated,
  AnalyticsWebhookDelivery,
  AnalyticsWebhookView,
  NewAnalyticsKey,
  NewWebhook,
} from '../../schemas/analyticsWebhooks';
import { loggedOut } from '../auth/authSlice';

/**
 * A key or a webhook's secret, shown once, right after it was made. Its field is named `secret`,
 * so the action log's redaction (shared/actionLog/redact.ts) keeps it out of every recorded action
 * and state: it lives in this tab's memory only, until the page is loaded again or it is put away.
 */
export interface RevealedSecret {
  kind: 'key' | 'webhook';
  /** The key's name, or the webhook's URL. */
  label: string;
  secret: string;
  copied: boolean;
}

export type WebhookChange = 'disable' | 'enable' | 'delete';
export type ConsoleForm = 'key' | 'webhook';

/** The admin's `Analytics keys and webhooks` page (issue 13), as its preload and its calls left it. */
export interface AnalyticsConsoleState {
  keys: AnalyticsKeyView[] | null;
  webhooks: AnalyticsWebhookView[] | null;
  revealed: RevealedSecret | null;
  /** The delivery log open on the page: whose, and its attempts (null while they load). */
  deliveries: { webhookId: number; attempts: AnalyticsWebhookDelivery[] | null } | null;
  /** Rows and forms whose call is on its way (`key:new`, `key:<id>`, `webhook:new`, `webhook:<id>`): their buttons wait. */
  busy: string[];
  /** What the last change did, for the page's status region. */
  status: string | null;
  /** The server's refusal of a form (a URL it will not send to), shown under that form. */
  refusals: Record<ConsoleForm, string | null>;
  /** Bumped by each key or webhook made, so its form empties. */
  made: number;
}

const initialState: AnalyticsConsoleState = { keys: null, webhooks: null, revealed: null, deliveries: null, busy: [], status: null, refusals: { key: null, webhook: null }, made: 0 };

export const webhookBusyKey = (id: number) => `webhook:${id}`;
export const keyBusyKey = (id: number) => `key:${id}`;
export const NEW_KEY_BUSY = 'key:new';
export const NEW_WEBHOOK_BUSY = 'webhook:new';
const notBusy = (state: AnalyticsConsoleState, key: string) => {
  state.busy = state.busy.filter((busy) => busy !== key);
};
const CHANGED: Record<Exclude<WebhookChange, 'delete'>, string> = {
  disable: 'paused: nothing is sent to it until it is resumed',
  enable: 'resumed: it receives what happened meanwhile, in order',
};

const analyticsConsoleSlice = createSlice({
  name: 'analyticsConsole',
  initialState,
  reducers: {
    /** The page's preload: the lists, and nothing left over from an earlier visit (a secret is never shown twice). */
    analyticsConsoleLoaded(_state, action: PayloadAction<AdminAnalytics>) {
      return { ...initialState, keys: action.payload.keys, webhooks: action.payload.webhooks };
    },
    analyticsKeyRequested(state, _action: PayloadAction<NewAnalyticsKey>) {
      state.busy.push(NEW_KEY_BUSY);
      state.refusals.key = null;
    },
    analyticsKeyMade(state, action: PayloadAction<AnalyticsKeyCreated>) {
      const { key, secret } = action.payload;
      state.keys = [...(state.keys ?? []), key];
      state.revealed = { kind: 'key', label: key.name, secret, copied: false };
      state.status = `Key “${key.name}” made. Copy it now: it is not shown again.`;
      state.made += 1;
      notBusy(state, NEW_KEY_BUSY);
    },
    analyticsKeyRevokeRequested(state, action: PayloadAction<number>) {
      state.busy.push(keyBusyKey(action.payload));
    },
    analyticsKeyRevoked(state, action: PayloadAction<AnalyticsKeyView>) {
      const key = action.payload;
      state.keys = (state.keys ?? []).map((row) => (row.id === key.id ? key : row));
      state.status = `Key “${key.name}” revoked: requests made with it get 401 from now on, and webhooks registered with it get nothing.`;
      notBusy(state, keyBusyKey(key.id));
    },
    analyticsWebhookRequested(state, _action: PayloadAction<NewWebhook>) {
      state.busy.push(NEW_WEBHOOK_BUSY);
      state.refusals.webhook = null;
    },
    analyticsWebhookMade(state, action: PayloadAction<AnalyticsWebhookCreated>) {
      const { webhook, secret } = action.payload;
      state.webhooks = [...(state.webhooks ?? []), webhook];
      state.revealed = { kind: 'webhook', label: webhook.url, secret, copied: false };
      state.status = `Webhook to ${webhook.url} registered. Copy its signing secret now: it is not shown again.`;
      state.made += 1;
      notBusy(state, NEW_WEBHOOK_BUSY);
    },
    analyticsWebhookChangeRequested(state, action: PayloadAction<{ id: number; change: WebhookChange }>) {
      state.busy.push(webhookBusyKey(action.payload.id));
    },
    analyticsWebhookChanged(state, action: PayloadAction<{ webhook: AnalyticsWebhookView; change: Exclude<WebhookChange, 'delete'> }>) {
      const { webhook, change } = action.payload;
      state.webhooks = (state.webhooks ?? []).map((row) => (row.id === webhook.id ? webhook : row));
      state.status = `Webhook to ${webhook.url} ${CHANGED[change]}.`;
      notBusy(state, webhookBusyKey(webhook.id));
    },
    analyticsWebhookDeleted(state, action: PayloadAction<number>) {
      const id = action.payload;
      const url = state.webhooks?.find((row) => row.id === id)?.url ?? `#${id}`;
      state.webhooks = (state.webhooks ?? []).filter((row) => row.id !== id);
      if (state.deliveries?.webhookId === id) state.deliveries = null;
      state.status = `Webhook to ${url} deleted: nothing more is sent to it.`;
      notBusy(state, webhookBusyKey(id));
    },
    analyticsDeliveriesRequested(state, action: PayloadAction<number>) {
      state.deliveries = { webhookId: action.payload, attempts: state.deliveries?.webhookId === action.payload ? state.deliveries.attempts : null };
    },
    analyticsDeliveriesLoaded(state, action: PayloadAction<{ webhookId: number; attempts: AnalyticsWebhookDelivery[] }>) {
      if (state.deliveries?.webhookId === action.payload.webhookId) state.deliveries.attempts = action.payload.attempts;
    },
    analyticsDeliveriesClosed(state) {
      state.deliveries = null;
    },
    /** The copy button: the saga reads the secret from the state, so no action ever carries it twice. */
    analyticsSecretCopyRequested() {},
    analyticsSecretCopied(state) {
      if (!state.revealed) return;
      state.revealed.copied = true;
      state.status = `${state.revealed.kind === 'key' ? 'The key' : 'The signing secret'} is copied to the clipboard.`;
    },
    analyticsSecretDismissed(state) {
      state.revealed = null;
    },
    /** A call failed: its row or form is free again; a form's refusal is shown under it, anything else in the error toast. */
    analyticsCallFailed(state, action: PayloadAction<{ busy: string; form?: ConsoleForm; message?: string }>) {
      const { busy, form, message } = action.payload;
      notBusy(state, busy);
      if (form && message !== undefined) state.refusals[form] = message;
    },
  },
  // What an admin made is not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectAnalyticsKeys: (state) => state.keys,
    selectAnalyticsWebhooks: (state) => state.webhooks,
    selectRevealedSecret: (state) => state.revealed,
    selectOpenDeliveries: (state) => state.deliveries,
    selectAnalyticsConsoleStatus: (state) => state.status,
    selectConsoleRefusal: (state, form: ConsoleForm) => state.refusals[form],
    selectConsoleMade: (state) => state.made,
    selectConsoleBusy: (state, key: string) => state.busy.includes(key),
  },
});

export const {
  analyticsConsoleLoaded,
  analyticsKeyRequested,
  analyticsKeyMade,
  analyticsKeyRevokeRequested,
  analyticsKeyRevoked,
  analyticsWebhookRequested,
  analyticsWebhookMade,
  analyticsWebhookChangeRequested,
  analyticsWebhookChanged,
  analyticsWebhookDeleted,
  analyticsDeliveriesRequested,
  analyticsDeliveriesLoaded,
  analyticsDeliveriesClosed,
  analyticsSecretCopyRequested,
  analyticsSecretCopied,
  analyticsSecretDismissed,
  analyticsCallFailed,
} = analyticsConsoleSlice.actions;
export const {
  selectAnalyticsKeys,
  selectAnalyticsWebhooks,
  selectRevealedSecret,
  selectOpenDeliveries,
  selectAnalyticsConsoleStatus,
  selectConsoleRefusal,
  selectConsoleMade,
  selectConsoleBusy,
} = analyticsConsoleSlice.selectors;
export default analyticsConsoleSlice;
