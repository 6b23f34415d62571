import { array, boolean, define, enums, type Infer, integer, literal, nullable, object, optional, string } from 'superstruct';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_SCOPES, type AnalyticsEventName, type AnalyticsKeyView, AnalyticsKeyViewSchema, AnalyticsLineSchema, type AnalyticsScope } from './analytics';

/**
 * Webhooks of the analytics stream and the admin console's page for them and for API keys
 * (issue 13, server/analytics/README.md "Analytics webhooks"): what registering takes, what lists answer, and the body
 * each delivery POSTs.
 */

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const ANALYTICS_KEY_NAME_MAX_LENGTH = 100;
/** The hosts a plain `http://` receiver may have, outside production (a receiver on the developer's own machine). */
const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * What is wrong with a receiver's address whatever the server's settings, or null. The server
 * adds what depends on them: no `http://` at all in production, and only public addresses.
 */
export function webhookUrlProblem(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'URL is required';
  if (typeof value !== 'string') return 'URL must be text, like https://example.com/hooks/beatcrate';
  if (value.length > WEBHOOK_URL_MAX_LENGTH) return `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'URL must be a whole address, like https://example.com/hooks/beatcrate';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'URL must start with https://';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.includes(url.hostname)) return 'URL must start with https:// (http:// only for localhost, and not in production)';
  // Credentials in the address would be shown in every list; the signature already proves who sends.
  if (url.username !== '' || url.password !== '') return 'URL must not hold a user name or password (the signature proves who sends)';
  if (url.hash !== '') return 'URL must not hold a #fragment';
  return null;
}

const webhookUrl = define<string>('webhookUrl', (value) => webhookUrlProblem(value) ?? true);

const eventTypes = define<AnalyticsEventName[]>('eventTypes', (value) => {
  if (!Array.isArray(value)) return 'Event types must be a list of event names (empty: every event)';
  const unknown: unknown = value.find((name) => !(ANALYTICS_EVENT_NAMES as readonly unknown[]).includes(name));
  if (unknown !== undefined) return `Event types: ${JSON.stringify(String(unknown).slice(0, 60))} is not an event of the stream`;
  return new Set(value).size === value.length || 'Event types must name each event once';
});

/** What registering a webhook takes (`POST /analytics/webhooks`, `POST /admin/analytics/webhooks`); no `types`, or an empty list: every event. */
export const NewWebhookSchema = object({ url: webhookUrl, types: optional(eventTypes) });
export type NewWebhook = Infer<typeof NewWebhookSchema>;

const keyName = define<string>('keyName', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return 'Name is required';
  return value.trim().length <= ANALYTICS_KEY_NAME_MAX_LENGTH || `Name must be at most ${ANALYTICS_KEY_NAME_MAX_LENGTH} characters`;
});
const scopes = define<AnalyticsScope[]>('scopes', (value) => {
  if (!Array.isArray(value) || value.length === 0) return 'Choose at least one scope';
  if (!value.every((scope) => (ANALYTICS_SCOPES as readonly unknown[]).includes(scope))) return `Scopes are ${ANALYTICS_SCOPES.join(' and ')}`;
  return new Set(value).size === value.length || 'Scopes must name each scope once';
});

/** What the admin's form sends to make an API key (`POST /admin/analytics/keys`). */
export const NewAnalyticsKeySchema = object({ name: keyName, scopes });
export type NewAnalyticsKey = Infer<typeof NewAnalyticsKeySchema>;

const WEBHOOK_STATES = ['active', 'disabled', 'key revoked'] as const;

/** A webhook as lists show it: never its secret, which is shown once, when it is registered. */
export const AnalyticsWebhookViewSchema = object({
  id: integer(),
  url: string(),
  /** The events it receives; empty: every event. */
  types: array(enums(ANALYTICS_EVENT_NAMES)),
  /** `key revoked`: registered with an API key that has been revoked since, so nothing is sent. */
  state: enums(WEBHOOK_STATES),
  createdAt: string(),
  /** The admin who registered it in the console, or the prefix of the API key it was registered with. */
  createdByUserId: nullable(integer()),
  createdByKeyPrefix: nullable(string()),
  disabledAt: nullable(string()),
  /** The cursor of the last event delivered; `0` before the first. */
  deliveredThrough: string(),
  /** Failed attempts at the batch waiting now; 0 while nothing fails. */
  failures: integer(),
  /** When the failing batch is tried again. */
  retryAt: nullable(string()),
});
export type AnalyticsWebhookView = Infer<typeof AnalyticsWebhookViewSchema>;

export const AnalyticsWebhookListSchema = object({ webhooks: array(AnalyticsWebhookViewSchema) });
/** The answer to registering: the secret, shown this once (the receiver verifies signatures with it). */
export const AnalyticsWebhookCreatedSchema = object({ webhook: AnalyticsWebhookViewSchema, secret: string() });
export type AnalyticsWebhookCreated = Infer<typeof AnalyticsWebhookCreatedSchema>;
export const AnalyticsWebhookAnswerSchema = object({ webhook: AnalyticsWebhookViewSchema });
export const AnalyticsWebhookDeletedSchema = object({ id: integer(), deleted: literal(true) });

/** One attempt at delivering a batch, as the delivery log shows it. */
export const AnalyticsWebhookDeliverySchema = object({
  id: integer(),
  /** The `webhook-id` header: the same on every attempt at one batch, so a receiver can drop a repeat. */
  batchId: string(),
  /** 1 for the first attempt at the batch, 2 for its first retry… */
  attempt: integer(),
  at: string(),
  durationMs: integer(),
  events: integer(),
  firstCursor: string(),
  lastCursor: string(),
  /** The receiver's HTTP status; null when no answer came. */
  statusCode: nullable(integer()),
  /** Why no answer came (refused, timed out, a non-public address); null when one came. */
  error: nullable(string()),
  /** A 2xx answer: the batch is delivered and the next one goes. */
  delivered: boolean(),
});
export type AnalyticsWebhookDelivery = Infer<typeof AnalyticsWebhookDeliverySchema>;
export const AnalyticsWebhookDeliveryListSchema = object({ deliveries: array(AnalyticsWebhookDeliverySchema) });

/** The answer to making a key in the console: the key, shown this once (only its hash is kept). */
export const AnalyticsKeyCreatedSchema = object({ key: AnalyticsKeyViewSchema, secret: string() });
export type AnalyticsKeyCreated = Infer<typeof AnalyticsKeyCreatedSchema>;
export const AnalyticsKeyAnswerSchema = object({ key: AnalyticsKeyViewSchema });
export const AnalyticsKeyListSchema = object({ keys: array(AnalyticsKeyViewSchema) });

/** The console page's lists, as its preload reads them (`GET /admin/analytics/keys` and `/admin/analytics/webhooks`). */
export interface AdminAnalytics {
  keys: AnalyticsKeyView[];
  webhooks: AnalyticsWebhookView[];
}

/**
 * The JSON body of each delivery: a batch of the stream's lines in order, each with its cursor,
 * signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export const WebhookPayloadSchema = object({ events: array(AnalyticsLineSchema) });
export type WebhookPayload = Infer<typeof WebhookPayloadSchema>;
