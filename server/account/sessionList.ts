import type { AccountSessionView } from '../../shared/schemas/account';
import type { AppDeps } from '../appDeps';
import { revokeAllSessions, type AccountSession } from '../auth/sessions';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { deviceName } from './deviceName';

/** The account's live sessions, the one asking marked `current`, the most recently used first. */
export async function listSessions(deps: AppDeps, session: AccountSession): Promise<AccountSessionView[]> {
  const now = deps.clock.now().getTime();
  const rows = await deps.database.query
    .selectFrom('sessions')
    .leftJoin('session_activity', 'session_activity.token_hash', 'sessions.token_hash')
    .select(['sessions.token_hash', 'sessions.user_agent', 'sessions.created_at', 'session_activity.last_seen_at'])
    .where('sessions.user_id', '=', session.user.id)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .execute();
  return rows
    .map((row) => ({ row, lastSeen: Number(row.last_seen_at ?? row.created_at) }))
    .sort((a, b) => b.lastSeen - a.lastSeen)
    .map(({ row, lastSeen }) => ({
      device: deviceName(row.user_agent),
      startedAt: new Date(Number(row.created_at)).toISOString(),
      lastSeenAt: new Date(lastSeen).toISOString(),
      current: row.token_hash === session.id,
    }));
}

/** "Log out everywhere": every session ends, this one too; UserLoggedOut closes the open account streams. */
export async function logOutEverywhere(deps: AppDeps, session: AccountSession): Promise<void> {
  const userId = session.user.id;
  await deps.database.transaction((tx) => revokeAllSessions(tx, userId, deps.clock.now().getTime()));
  await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'RecordLogout', userId });
}
