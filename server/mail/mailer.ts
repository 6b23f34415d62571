import nodemailer from 'nodemailer';
import type { AppDeps, Clock } from '../appDeps';
import type { Config } from '../config';
import type { Database } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise mail is built the same way and kept in the outbox table. */
export function createMailer(config: Config, database: Database, clock: Clock): Mailer {
  const defaults = { from: config.mail.from };
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl, defaults);
    return {
      async send(message) {
        await transport.sendMail(message);
      },
      close: () => transport.close(),
    };
  }
  // nodemailer's stream transport builds the complete MIME message without sending it, so the
  // outbox holds exactly what an SMTP server would have received.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, defaults);
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : '';
      await database.transaction((tx) =>
        tx
          .insertInto('mail_outbox')
          .values({
            to_address: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            raw_message: raw,
            created_at: clock.now().getTime(),
          })
          .execute(),
      );
    },
    close: () => transport.close(),
  };
}

/**
 * Sends without failing the request: the account change the mail reports has already happened.
 * The log names the subject only; addresses and bodies (which hold links) stay out of it.
 */
export async function deliverMail(deps: Pick<AppDeps, 'mailer' | 'log'>, message: MailMessage): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (error) {
    // Only the error's code: SMTP refusals quote the recipient's address in their message.
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    deps.log.warn({ subject: message.subject, code: code ?? 'error', responseCode }, 'Mail could not be sent');
    return false;
  }
}
