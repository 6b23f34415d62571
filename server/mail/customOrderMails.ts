import { escapeHtml } from '../escapeHtml';
import type { MailMessage } from './mailer';

/** One step of a custom order told to the other party, with the link to the order's page. */
export function customOrderStepMail(to: string, subject: string, lines: readonly string[], link: string): MailMessage {
  const body = [...lines, `Open the order: ${link}`];
  return {
    to,
    subject,
    text: ['Hello,', '', ...body, '', 'Beatcrate'].join('\n'),
    html: ['<p>Hello,</p>', ...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(link)}">Open the order</a></p>`, '<p>Beatcrate</p>'].join('\n'),
  };
}
