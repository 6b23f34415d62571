import { sql } from 'kysely';
import type { AppDeps } from '../appDeps';

export type AccountMailKind = 'email-confirmation' | 'password-reset' | 'registration-attempt' | 'email-change';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** The notice that someone tried to register with an address goes out once a day at most, however often they try. */
const DAILY_LIMITS: Partial<Record<AccountMailKind, number>> = { 'registration-attempt': 1 };

/**
 * Whether an account mail to `recipient` may go out now, and if so, counts it. Strangers choose
 * whom these mails go to (a registration, a reset request), so each recipient gets at most
 * `accountMailsPerRecipientPerHour` of them, from however many addresses the requests come.
 * A mail over the limit is not sent, and the request is answered as if it were: the answer
 * tells no one whether an address has an account.
 */
export async function claimAccountMail(deps: Pick<AppDeps, 'config' | 'database' | 'clock'>, recipient: string, kind: AccountMailKind): Promise<boolean> {
  const now = deps.clock.now().getTime();
  return deps.database.transaction(async (tx) => {
    // SQLite runs one write transaction at a time; PostgreSQL needs the table lock for the same.
    if (deps.database.kind === 'postgres') await sql`LOCK TABLE account_mail_log IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    await tx.deleteFrom('account_mail_log').where('sent_at', '<=', now - DAY_MS).execute();
    const sent = await tx.selectFrom('account_mail_log').select(['kind', 'sent_at']).where('recipient', '=', recipient).execute();
    const lastHour = sent.filter((mail) => mail.sent_at > now - HOUR_MS).length;
    const sameKindToday = sent.filter((mail) => mail.kind === kind).length;
    if (lastHour >= deps.config.accountProtection.accountMailsPerRecipientPerHour) return false;
    if (sameKindToday >= (DAILY_LIMITS[kind] ?? Number.POSITIVE_INFINITY)) return false;
    await tx.insertInto('account_mail_log').values({ recipient, kind, sent_at: now }).execute();
    return true;
  });
}
