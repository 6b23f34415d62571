import { loadConfig } from '../config';
import { openDatabase } from '../db/openDatabase';
import { formatOutboxMail, readOutbox } from '../mail/outbox';
import { print, printFailure } from './toolOutput';

/**
 * `npm run outbox [count]`: prints the newest mails kept in the outbox of DATABASE_URL (when no
 * SMTP_URL is set), with their links, so a developer can follow a confirmation or reset link.
 */
async function main() {
  const count = process.argv[2] === undefined ? 5 : Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) throw new Error(`The count must be a positive whole number, got "${process.argv[2]}"`);
  const database = await openDatabase(loadConfig().databaseUrl);
  try {
    const mails = await readOutbox(database, count);
    print(mails.length === 0 ? 'The outbox is empty.' : mails.map(formatOutboxMail).join(`\n\n${'─'.repeat(72)}\n\n`));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  printFailure('outbox', error);
  process.exit(1);
});
