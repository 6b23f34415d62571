import type { Database } from '../db/database';

export interface OutboxMail {
  to: string;
  subject: string;
  sentAt: Date;
  text: string;
}

/** The newest mails of the outbox, newest first. */
export async function readOutbox(database: Database, limit: number): Promise<OutboxMail[]> {
  const rows = await database.query
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'created_at', 'text'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ to: row.to_address, subject: row.subject, sentAt: new Date(row.created_at), text: row.text }));
}

export function formatOutboxMail(mail: OutboxMail): string {
  return [`To:      ${mail.to}`, `Subject: ${mail.subject}`, `Date:    ${mail.sentAt.toISOString()}`, '', mail.text].join('\n');
}
