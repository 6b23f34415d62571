import type { MailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function mail(to: string, subject: string, firstName: string, lines: readonly string[], link: { label: string; url: string }): MailMessage {
  const text = [`Hi ${firstName},`, '', ...lines, '', `${link.label}: ${link.url}`, '', 'Beatcrate'].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(firstName)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    '<p>Beatcrate</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function emailConfirmationMail(to: string, firstName: string, publicUrl: string, token: string): MailMessage {
  return mail(
    to,
    'Confirm your email for Beatcrate',
    firstName,
    ['Thanks for registering at Beatcrate. Please confirm that this is your email address.', 'The link works once, for 7 days.'],
    { label: 'Confirm your email', url: `${publicUrl}/email-confirmation/${token}` },
  );
}

export function passwordResetMail(to: string, firstName: string, publicUrl: string, token: string): MailMessage {
  return mail(
    to,
    'Reset your Beatcrate password',
    firstName,
    [
      'Someone asked to reset the password of your Beatcrate account. If it was you, choose a new password below.',
      'The link works once, for 1 hour. If you did not ask, ignore this mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url: `${publicUrl}/reset-password/${token}` },
  );
}
