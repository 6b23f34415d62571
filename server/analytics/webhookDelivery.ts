import { randomBytes } from 'node:crypto';
import type { AnalyticsLine } from '../../shared/schemas/analytics';
import type { WebhookPayload } from '../../shared/schemas/analyticsWebhooks';
import type { AppDeps } from '../appDeps';
import { readAnalyticsLines } from './analyticsStore';
import { type PostOutcome, postSigned } from './webhookSender';
import { targetPolicyOf } from './webhookTargets';
import { eventTypesOf } from './webhookStore';

export const WEBHOOKS_JOB = 'analytics-webhooks';
/** Looked for this often (with the job runner's 1 s poll, an event reaches its receivers in about 2 s). */
export const WEBHOOKS_JOB_EVERY_MS = 1_000;
/** Events one POST carries at most. */
export const WEBHOOK_BATCH_SIZE = 100;
/** How long a receiver has to answer one POST. */
const WEBHOOK_TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 5_000;
/** The longest wait between two attempts, so that a receiver back after a day is tried within the hour. */
export const MAX_RETRY_MS = 60 * 60_000;
/**
 * A run starts no new batch after this long: the job runner runs its jobs one after another, and
 * a receiver far behind must not hold up the others (beat processing, mails). The next run goes on.
 */
const RUN_BUDGET_MS = 5_000;
/** Receivers served at the same time; each one's batches go strictly one after another. */
const PARALLEL_RECEIVERS = 4;
const DELIVERY_LOG_KEPT_MS = 30 * 24 * 60 * 60_000;

/** The wait after the n-th failed attempt at a batch: 5 s, doubling, at most an hour. */
const retryDelayMs = (failures: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30));

interface DueWebhook {
  id: number;
  url: string;
  secret: string;
  types: ReturnType<typeof eventTypesOf>;
  deliveredThrough: number;
  batchId: string | null;
  batchThrough: number | null;
  failures: number;
}

interface Batch {
  id: string;
  through: number;
  lines: AnalyticsLine[];
}

export interface DeliveryOptions {
  /** How long a receiver has to answer (a test of timeouts gives less). */
  timeoutMs?: number;
}

/**
 * The `analytics-webhooks` job (server/analytics/README.md "Deliveries"): every enabled webhook
 * whose next attempt is due gets the events after its cursor, in stream order, in batches of up to
 * WEBHOOK_BATCH_SIZE, one batch at a time. A batch that fails (no 2xx, no answer within the
 * timeout, refused) is tried again, with the same `webhook-id` and the same events, after a
 * backoff; later events wait behind it. Everything a run decides is in the database, so a
 * restart, or another server taking the job over, goes on from the same place.
 */
export async function deliverWebhooks(deps: AppDeps, signal: AbortSignal, options: DeliveryOptions = {}): Promise<void> {
  const deadline = performance.now() + RUN_BUDGET_MS;
  const now = deps.clock.now().getTime();
  await forgetOldAttempts(deps, now);
  const queue = await dueWebhooks(deps, now);
  const failures: unknown[] = [];
  const worker = async () => {
    for (let webhook = queue.shift(); webhook && !signal.aborted; webhook = queue.shift()) {
      try {
        await deliverInOrder(deps, webhook, { signal, deadline, timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS });
      } catch (error) {
        // One receiver's trouble with the database does not keep the others waiting; the job reports it.
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_RECEIVERS, queue.length) }, worker));
  if (failures.length > 0) throw failures[0];
}

async function forgetOldAttempts(deps: AppDeps, now: number): Promise<void> {
  const before = now - DELIVERY_LOG_KEPT_MS;
  // A read each run; a write only when there is something to forget.
  const old = await deps.database.query.selectFrom('analytics_webhook_deliveries').select('id').where('attempted_at', '<', before).limit(1).executeTakeFirst();
  if (old) await deps.database.transaction((tx) => tx.deleteFrom('analytics_webhook_deliveries').where('attempted_at', '<', before).execute());
}

/** Enabled, not deleted, not registered with a key revoked since, and due. */
async function dueWebhooks(deps: AppDeps, now: number): Promise<DueWebhook[]> {
  const rows = await deps.database.query
    .selectFrom('analytics_webhooks as w')
    .leftJoin('analytics_keys as k', 'k.id', 'w.created_by_key')
    .select(['w.id', 'w.url', 'w.secret', 'w.event_types', 'w.delivered_through', 'w.batch_id', 'w.batch_through', 'w.failures'])
    .where('w.deleted_at', 'is', null)
    .where('w.disabled_at', 'is', null)
    .where('k.revoked_at', 'is', null)
    .where('w.next_attempt_at', '<=', now)
    .orderBy('w.next_attempt_at')
    .orderBy('w.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    url: row.url,
    secret: row.secret,
    types: eventTypesOf(row.event_types),
    deliveredThrough: Number(row.delivered_through),
    batchId: row.batch_id,
    batchThrough: row.batch_through === null ? null : Number(row.batch_through),
    failures: Number(row.failures),
  }));
}

async function deliverInOrder(deps: AppDeps, first: DueWebhook, run: { signal: AbortSignal; deadline: number; timeoutMs: number }): Promise<void> {
  let webhook: DueWebhook | null = first;
  while (webhook && !run.signal.aborted && performance.now() < run.deadline) {
    const batch = await pendingBatch(deps, webhook);
    if (!batch) return;
    const payload: WebhookPayload = { events: batch.lines };
    const at = deps.clock.now();
    const started = performance.now();
    const outcome = await postSigned(
      { url: webhook.url, secret: webhook.secret, id: batch.id, at, body: JSON.stringify(payload) },
      { production: deps.config.production, targets: targetPolicyOf(deps), timeoutMs: run.timeoutMs, signal: run.signal },
    );
    webhook = await recordAttempt(deps, webhook, batch, outcome, { at, durationMs: Math.round(performance.now() - started) });
  }
}

/**
 * The batch to send: the one already tried, re-read as it was (the same events: the stream is
 * append-only and commits in order), or the next one, whose id and end are stored before its
 * first attempt, so that a crash mid-request leads to the same batch under the same id.
 */
async function pendingBatch(deps: AppDeps, webhook: DueWebhook): Promise<Batch | null> {
  const page = await readAnalyticsLines(deps.database.query, {
    after: webhook.deliveredThrough,
    limit: WEBHOOK_BATCH_SIZE,
    ...(webhook.types.length > 0 ? { types: webhook.types } : {}),
  });
  const { batchId, batchThrough } = webhook;
  if (batchId !== null && batchThrough !== null) {
    return { id: batchId, through: batchThrough, lines: page.filter((line) => Number(line.cursor) <= batchThrough) };
  }
  if (page.length === 0) return null;
  const batch = { id: `msg_${randomBytes(18).toString('base64url')}`, through: Number(page[page.length - 1]!.cursor), lines: page };
  const { numUpdatedRows } = await deps.database.transaction((tx) =>
    tx
      .updateTable('analytics_webhooks')
      .set({ batch_id: batch.id, batch_through: batch.through })
      .where('id', '=', webhook.id)
      .where('delivered_through', '=', webhook.deliveredThrough)
      .where('batch_id', 'is', null)
      .executeTakeFirstOrThrow(),
  );
  // Another runner (one whose lease lapsed) moved this webhook on: it is theirs this time.
  return numUpdatedRows > 0n ? batch : null;
}

/**
 * Logs the attempt and moves the webhook on: past the batch when it was answered with a 2xx, else
 * to its next attempt after the backoff. An attempt cut short by this server stopping is logged
 * but not held against the receiver: the batch is due again at once. Answers the webhook as it now
 * stands when the next batch may go, null when this receiver is done for this run.
 */
async function recordAttempt(deps: AppDeps, webhook: DueWebhook, batch: Batch, outcome: PostOutcome, attempt: { at: Date; durationMs: number }): Promise<DueWebhook | null> {
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const stopped = 'stopped' in outcome;
  const failures = delivered || stopped ? webhook.failures : webhook.failures + 1;
  const now = deps.clock.now().getTime();
  const moved = await deps.database.transaction(async (tx) => {
    await tx
      .insertInto('analytics_webhook_deliveries')
      .values({
        webhook_id: webhook.id,
        batch_id: batch.id,
        attempt: webhook.failures + 1,
        first_position: Number(batch.lines[0]?.cursor ?? batch.through),
        last_position: batch.through,
        events: batch.lines.length,
        attempted_at: attempt.at.getTime(),
        duration_ms: attempt.durationMs,
        status_code: outcome.statusCode,
        error: outcome.error,
      })
      .execute();
    const { numUpdatedRows } = await tx
      .updateTable('analytics_webhooks')
      .set(
        delivered
          ? { delivered_through: batch.through, batch_id: null, batch_through: null, failures: 0, next_attempt_at: now }
          : { failures, next_attempt_at: stopped ? now : now + retryDelayMs(failures) },
      )
      .where('id', '=', webhook.id)
      .where('batch_id', '=', batch.id)
      // Disabled or deleted meanwhile: nothing more goes to it (resumed, it gets this batch again, under the same id).
      .where('disabled_at', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return numUpdatedRows > 0n;
  });
  if (!moved || !delivered) return null;
  return { ...webhook, deliveredThrough: batch.through, batchId: null, batchThrough: null, failures: 0 };
}
