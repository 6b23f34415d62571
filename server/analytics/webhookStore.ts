import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '../../shared/schemas/analytics';
import type { AnalyticsWebhookCreated, AnalyticsWebhookDelivery, AnalyticsWebhookView, NewWebhook } from '../../shared/schemas/analyticsWebhooks';
import type { AppDeps } from '../appDeps';
import type { Tables } from '../db/schema';
import { HttpError } from '../http/endpoint';
import { analyticsHead } from './analyticsStore';
import { checkWebhookUrl, targetPolicyOf } from './webhookTargets';

/** Webhooks kept at once (not deleted): each one is a read of the stream every second, and a receiver to wait for. */
const MAX_WEBHOOKS = 50;
/** Attempts a delivery log answers, newest first. */
const DELIVERY_LOG_PAGE = 100;

/**
 * Who acts on a webhook: an admin in the console (all webhooks), or a consumer's API key with
 * `webhooks:manage` (only the webhooks registered with that key; any other is unknown to it).
 */
export type WebhookActor = { kind: 'admin'; userId: number } | { kind: 'key'; keyId: number };

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const isEventName = (name: string): name is AnalyticsEventName => (ANALYTICS_EVENT_NAMES as readonly string[]).includes(name);

/** The event names a row stores (comma-separated; empty: every event). A name the stream no longer has is dropped. */
export const eventTypesOf = (stored: string): AnalyticsEventName[] => (stored === '' ? [] : stored.split(',').filter(isEventName));

/** The webhooks an actor sees, with their key's prefix and whether it was revoked. */
function visibleWebhooks(query: Kysely<Tables>, actor: WebhookActor) {
  let select = query
    .selectFrom('analytics_webhooks as w')
    .leftJoin('analytics_keys as k', 'k.id', 'w.created_by_key')
    .selectAll('w')
    .select(['k.key_prefix', 'k.revoked_at as key_revoked_at'])
    .where('w.deleted_at', 'is', null);
  if (actor.kind === 'key') select = select.where('w.created_by_key', '=', actor.keyId);
  return select;
}

type VisibleRow = Awaited<ReturnType<ReturnType<typeof visibleWebhooks>['executeTakeFirstOrThrow']>>;

function viewOf(row: VisibleRow): AnalyticsWebhookView {
  const failures = Number(row.failures);
  return {
    id: Number(row.id),
    url: row.url,
    types: eventTypesOf(row.event_types),
    state: row.key_revoked_at !== null ? 'key revoked' : row.disabled_at !== null ? 'disabled' : 'active',
    createdAt: iso(row.created_at)!,
    createdByUserId: row.created_by_user === null ? null : Number(row.created_by_user),
    createdByKeyPrefix: row.key_prefix ?? null,
    disabledAt: iso(row.disabled_at),
    deliveredThrough: String(row.delivered_through),
    failures,
    retryAt: failures > 0 ? iso(row.next_attempt_at) : null,
  };
}

export async function listWebhooks(query: Kysely<Tables>, actor: WebhookActor): Promise<AnalyticsWebhookView[]> {
  const rows = await visibleWebhooks(query, actor).orderBy('w.id').execute();
  return rows.map(viewOf);
}

/** The webhook, if the actor may see it; 404 otherwise, the same for one that never existed. */
export async function webhookOf(query: Kysely<Tables>, actor: WebhookActor, id: number): Promise<AnalyticsWebhookView> {
  const row = await visibleWebhooks(query, actor).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, `No webhook ${id}`);
  return viewOf(row);
}

/**
 * Registers a receiver and answers its secret, this once: Standard Webhooks' `whsec_` and 32
 * random bytes in base64. It receives the events that happen from now on (the history is read
 * through `GET /analytics/events`).
 */
export async function registerWebhook(deps: AppDeps, actor: WebhookActor, request: NewWebhook): Promise<AnalyticsWebhookCreated> {
  const url = await checkWebhookUrl(request.url, { production: deps.config.production, policy: targetPolicyOf(deps) });
  // In the stream's own order, whatever order they were asked in.
  const types = ANALYTICS_EVENT_NAMES.filter((name) => request.types?.includes(name));
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const now = deps.clock.now().getTime();
  const id = await deps.database.transaction(async (tx) => {
    const live = await tx.selectFrom('analytics_webhooks').select((eb) => eb.fn.countAll().as('count')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(live.count) >= MAX_WEBHOOKS) throw new HttpError(409, `There are ${MAX_WEBHOOKS} webhooks already, the most there may be; delete one first`);
    const row = await tx
      .insertInto('analytics_webhooks')
      .values({
        url,
        event_types: types.join(','),
        secret,
        created_at: now,
        created_by_user: actor.kind === 'admin' ? actor.userId : null,
        created_by_key: actor.kind === 'key' ? actor.keyId : null,
        disabled_at: null,
        disabled_by: null,
        deleted_at: null,
        deleted_by_user: null,
        deleted_by_key: null,
        delivered_through: await analyticsHead(tx),
        batch_id: null,
        batch_through: null,
        failures: 0,
        next_attempt_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  return { webhook: await webhookOf(deps.database.query, actor, id), secret };
}

/** Marks the webhook deleted (the row stays, with who deleted it): nothing more is sent to it, whatever was on its way. */
export async function deleteWebhook(deps: AppDeps, actor: WebhookActor, id: number): Promise<void> {
  await webhookOf(deps.database.query, actor, id);
  await deps.database.transaction((tx) =>
    tx
      .updateTable('analytics_webhooks')
      .set({ deleted_at: deps.clock.now().getTime(), deleted_by_user: actor.kind === 'admin' ? actor.userId : null, deleted_by_key: actor.kind === 'key' ? actor.keyId : null })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute(),
  );
}

/**
 * An admin pauses a webhook or resumes it. Paused, it keeps its cursor; resumed, it receives what
 * happened meanwhile, in order, starting at once (a failing batch's backoff starts over).
 */
export async function setWebhookEnabled(deps: AppDeps, adminId: number, id: number, enabled: boolean): Promise<AnalyticsWebhookView> {
  const actor: WebhookActor = { kind: 'admin', userId: adminId };
  await webhookOf(deps.database.query, actor, id);
  const now = deps.clock.now().getTime();
  await deps.database.transaction((tx) =>
    tx
      .updateTable('analytics_webhooks')
      .set(enabled ? { disabled_at: null, disabled_by: null, failures: 0, next_attempt_at: now } : { disabled_at: now, disabled_by: adminId })
      .where('id', '=', id)
      .where('disabled_at', enabled ? 'is not' : 'is', null)
      .execute(),
  );
  return webhookOf(deps.database.query, actor, id);
}

/** The webhook's latest delivery attempts, newest first. */
export async function webhookDeliveries(query: Kysely<Tables>, actor: WebhookActor, id: number): Promise<AnalyticsWebhookDelivery[]> {
  await webhookOf(query, actor, id);
  const rows = await query.selectFrom('analytics_webhook_deliveries').selectAll().where('webhook_id', '=', id).orderBy('id', 'desc').limit(DELIVERY_LOG_PAGE).execute();
  return rows.map((row) => {
    const statusCode = row.status_code === null ? null : Number(row.status_code);
    return {
      id: Number(row.id),
      batchId: row.batch_id,
      attempt: Number(row.attempt),
      at: iso(row.attempted_at)!,
      durationMs: Number(row.duration_ms),
      events: Number(row.events),
      firstCursor: String(row.first_position),
      lastCursor: String(row.last_position),
      statusCode,
      error: row.error,
      delivered: statusCode !== null && statusCode >= 200 && statusCode < 300,
    };
  });
}
