import type { MailMessage } from './mailer';
import { escapeHtml } from '../escapeHtml';

/**
 * `name` is greeted only when its owner confirmed the address: until then it is whatever a
 * registrant typed, and a stranger could make our mails carry their text to anyone's inbox.
 */
function mail(to: string, subject: string, name: string | null, lines: readonly string[], link: { label: string; url: string }): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const text = [greeting, '', ...lines, '', `${link.label}: ${link.url}`, '', 'Beatcrate'].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    '<p>Beatcrate</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function emailConfirmationMail(to: string, publicUrl: string, token: string): MailMessage {
  return mail(
    to,
    'Confirm your email for Beatcrate',
    null,
    [
      'Someone registered a Beatcrate account with this email address. If it was you, please confirm that the address is yours.',
      'The link works once, for 7 days. If it was not you, ignore this mail.',
    ],
    { label: 'Confirm your email', url: `${publicUrl}/email-confirmation/${token}` },
  );
}

export function passwordResetMail(to: string, confirmedName: string | null, publicUrl: string, token: string): MailMessage {
  return mail(
    to,
    'Reset your Beatcrate password',
    confirmedName,
    [
      'Someone asked to reset the password of your Beatcrate account. If it was you, choose a new password below.',
      'The link works once, for 1 hour. If you did not ask, ignore this mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url: `${publicUrl}/reset-password/${token}` },
  );
}

/** To the owner of an address someone tried to register again: it tells them, and only them, that the account exists. */
export function registrationAttemptMail(to: string, publicUrl: string): MailMessage {
  return mail(
    to,
    'Someone tried to register at Beatcrate with your email',
    null,
    [
      'Someone tried to create a Beatcrate account with this email address, which already has one. Nothing was changed.',
      'If it was you, log in instead; if you forgot your password, choose "Forgot your password?" there. If it was not you, ignore this mail.',
    ],
    { label: 'Log in', url: `${publicUrl}/?login=true` },
  );
}

/** To the address an account holder wants to use from now on: the change happens when they follow the link. */
export function emailChangeMail(to: string, publicUrl: string, token: string): MailMessage {
  return mail(
    to,
    'Confirm your new email for Beatcrate',
    null,
    [
      'Someone asked to use this address for their Beatcrate account. If it was you, confirm it below; until then the account keeps its old address.',
      'The link works once, for 24 hours. If it was not you, ignore this mail.',
    ],
    { label: 'Confirm your new email', url: `${publicUrl}/email-confirmation/${token}` },
  );
}

/** To the address an account just left: if the change was not its owner's doing, they know at once. */
export function emailChangedMail(to: string, newEmail: string, publicUrl: string): MailMessage {
  return mail(
    to,
    'Your Beatcrate email was changed',
    null,
    [
      `The email of your Beatcrate account was changed to ${newEmail}; mails go there from now on.`,
      'If you did not do this, reply to this mail or write to us through the contact form at once.',
    ],
    { label: 'Contact us', url: `${publicUrl}/contacts` },
  );
}
