import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ANALYTICS_SCOPES, type AnalyticsKeyView, type AnalyticsScope } from '../../shared/schemas/analytics';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';

/** Every key starts so, which secret scanners and people recognise. */
const KEY_PREFIX = 'bca_';
/** `last_used_at` is written at most this often per key: a read must not be a write. */
const LAST_USED_EVERY_MS = 60_000;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Makes an analytics API key (issue 13): 32 random bytes, answered once and stored only as its
 * SHA-256 (a random key needs no slow hash: nothing to guess from a dictionary).
 */
export async function createAnalyticsKey(
  database: Database,
  request: { name: string; scopes: readonly AnalyticsScope[]; by: number | null; now: Date },
): Promise<{ key: string; view: AnalyticsKeyView }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const createdAt = request.now.getTime();
  const scopes = ANALYTICS_SCOPES.filter((scope) => request.scopes.includes(scope));
  const row = await database.transaction((tx) =>
    tx
      .insertInto('analytics_keys')
      .values({ name: request.name, key_hash: hashOf(key), key_prefix: key.slice(0, KEY_PREFIX.length + 6), scopes: scopes.join(','), created_at: createdAt, created_by: request.by })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { key, view: { id: Number(row.id), name: request.name, prefix: key.slice(0, KEY_PREFIX.length + 6), scopes, createdAt: request.now.toISOString(), lastUsedAt: null, revokedAt: null } };
}

const isScope = (value: string): value is AnalyticsScope => (ANALYTICS_SCOPES as readonly string[]).includes(value);
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function listAnalyticsKeys(query: Kysely<Tables>): Promise<AnalyticsKeyView[]> {
  const rows = await query.selectFrom('analytics_keys').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    prefix: row.key_prefix,
    scopes: row.scopes.split(',').filter(isScope),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  }));
}

/**
 * Revokes a key at once: the next request made with it gets 401. False for a key that does not
 * exist or was revoked before. `by`: the admin who revoked it in the console.
 */
export async function revokeAnalyticsKey(database: Database, id: number, now: Date, by: number | null = null): Promise<boolean> {
  const { numUpdatedRows } = await database.transaction((tx) =>
    tx.updateTable('analytics_keys').set({ revoked_at: now.getTime(), revoked_by: by }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirstOrThrow(),
  );
  return numUpdatedRows > 0n;
}

/**
 * The key an `Authorization: Bearer …` header carries, if it is one of ours, not revoked, and
 * holds `scope`; null otherwise, whatever the reason (the caller answers 401 without saying why).
 * Read on every request, so a revocation holds from the next one.
 */
export async function authenticateAnalyticsKey(database: Database, header: string | undefined, scope: AnalyticsScope, now: Date): Promise<{ id: number } | null> {
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(header ?? '');
  if (!match) return null;
  const row = await database.query
    .selectFrom('analytics_keys')
    .select(['id', 'scopes', 'revoked_at', 'last_used_at'])
    .where('key_hash', '=', hashOf(match[1]!))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || !row.scopes.split(',').includes(scope)) return null;
  const at = now.getTime();
  if (row.last_used_at === null || Number(row.last_used_at) < at - LAST_USED_EVERY_MS) {
    await database.transaction((tx) => tx.updateTable('analytics_keys').set({ last_used_at: at }).where('id', '=', row.id).execute());
  }
  return { id: Number(row.id) };
}
