import { openDatabase } from '../db/openDatabase';
import { formatOutboxMail, readOutbox } from '../mail/outbox';
import { runAsScript, type Tool, UsageError } from './tool';

/**
 * `npm run outbox [count]`: prints the newest mails kept in the outbox of DATABASE_URL (when no
 * SMTP_URL is set), with their links, so a developer can follow a confirmation or reset link.
 */
export const outboxTool: Tool = {
  name: 'outbox',
  async run(args, { databaseUrl, print }) {
    const count = args[0] === undefined ? 5 : Number(args[0]);
    if (!Number.isInteger(count) || count < 1) throw new UsageError(`The count must be a positive whole number, got "${args[0]}"`);
    const database = await openDatabase(databaseUrl);
    try {
      const mails = await readOutbox(database, count);
      print(mails.length === 0 ? 'The outbox is empty.' : mails.map(formatOutboxMail).join(`\n\n${'─'.repeat(72)}\n\n`));
    } finally {
      await database.close();
    }
  },
};

if (require.main === module) runAsScript(outboxTool);
