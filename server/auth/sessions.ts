import type { Transaction } from 'kysely';
import type { User } from '../../shared/schemas/auth';
import type { AppDeps } from '../appDeps';
import type { Tables } from '../db/schema';
import { hashSecretToken, isWellFormedToken, newSecretToken } from './secretTokens';
import { loadAccount } from './userRecords';

const HOUR_MS = 3_600_000;
/** "Remember me" keeps the cookie 30 days; otherwise the browser forgets it on close, and the server after 12 hours. */
export const SESSION_LIFETIME_MS = { remembered: 30 * 24 * HOUR_MS, browser: 12 * HOUR_MS } as const;

/** A logged-in request: who it is and which session (by token hash) it came with. */
export interface AccountSession {
  id: string;
  user: User;
  blocked: boolean;
}

/** A session's last use is written at most once a minute: a page load makes many requests. */
const LAST_SEEN_RESOLUTION_MS = 60_000;
/** Enough of a User-Agent to name the browser; the rest is dropped, not stored. */
const USER_AGENT_MAX_LENGTH = 400;

/** Opens a session for `userId` and revokes the one the request came with, so a login always rotates the token. */
export async function startSession(
  tx: Transaction<Tables>,
  start: { userId: number; persistent: boolean; now: number; replacing: string | null; userAgent?: string | undefined },
): Promise<string> {
  if (start.replacing) await revokeSession(tx, start.replacing, start.now);
  const { token, hash } = newSecretToken();
  await tx
    .insertInto('sessions')
    .values({
      token_hash: hash,
      user_id: start.userId,
      persistent: start.persistent ? 1 : 0,
      created_at: start.now,
      expires_at: start.now + (start.persistent ? SESSION_LIFETIME_MS.remembered : SESSION_LIFETIME_MS.browser),
      revoked_at: null,
      user_agent: start.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .execute();
  await tx.insertInto('session_activity').values({ token_hash: hash, user_id: start.userId, last_seen_at: start.now }).execute();
  return token;
}

export async function revokeSession(tx: Transaction<Tables>, sessionId: string, now: number): Promise<void> {
  await tx.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllSessions(tx: Transaction<Tables>, userId: number, now: number): Promise<void> {
  await tx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** The live session with this id (neither revoked nor expired) and its account; null otherwise. */
export async function findSession(
  deps: Pick<AppDeps, 'database' | 'projector' | 'clock'>,
  sessionId: string,
): Promise<AccountSession | null> {
  const now = deps.clock.now().getTime();
  const session = await deps.database.query
    .selectFrom('sessions')
    .leftJoin('session_activity', 'session_activity.token_hash', 'sessions.token_hash')
    .select(['sessions.user_id', 'session_activity.last_seen_at'])
    .where('sessions.token_hash', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!session) return null;
  const account = await loadAccount(deps, session.user_id);
  if (!account) return null;
  if (session.last_seen_at === null || now - Number(session.last_seen_at) >= LAST_SEEN_RESOLUTION_MS) {
    await deps.database.transaction((tx) =>
      tx
        .insertInto('session_activity')
        .values({ token_hash: sessionId, user_id: session.user_id, last_seen_at: now })
        .onConflict((conflict) => conflict.column('token_hash').doUpdateSet({ last_seen_at: now }))
        .execute(),
    );
  }
  return { id: sessionId, ...account };
}

/**
 * The session named by the request's cookie. HTTP requests and the in-process API of server
 * rendering both resolve through here, so a page sees the same user as the API.
 */
export async function resolveSessionCookie(
  deps: Pick<AppDeps, 'database' | 'projector' | 'clock' | 'config'>,
  cookies: Record<string, string | undefined>,
): Promise<AccountSession | null> {
  const token = cookies[deps.config.sessionCookieName];
  if (!token || !isWellFormedToken(token)) return null;
  return findSession(deps, hashSecretToken(token));
}
