import type { MailMessage } from './mailer';
import { escapeHtml } from '../escapeHtml';

/** To the producer of a beat a moderator took down on a report: what and why, in the moderator's words. */
export function trackTakenDownMail(to: string, trackName: string, note: string): MailMessage {
  const lines = [
    `Your beat "${trackName}" was reported and a moderator took it down from the shop.`,
    `The moderator's reason: ${note}`,
    'If you think this is a mistake, answer this mail with what shows that the beat is yours to sell.',
  ];
  return {
    to,
    subject: `Your beat "${trackName}" was taken down`,
    text: ['Hello,', '', ...lines, '', 'Beatcrate'].join('\n'),
    html: ['<p>Hello,</p>', ...lines.map((line) => `<p>${escapeHtml(line)}</p>`), '<p>Beatcrate</p>'].join('\n'),
  };
}
