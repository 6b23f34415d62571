import { DOWNLOAD_DAYS } from '../../shared/domain/constants';
import { formatUsd } from '../../shared/domain/money';
import type { Download } from '../../shared/schemas/order';
import type { MailMessage } from './mailer';
import { escapeHtml } from '../escapeHtml';

/**
 * Sent once when an order is paid: its download links, and how long they work. It greets no one
 * by name: the name is whatever the registrant typed, and the address may not be theirs.
 */
/** `customOrderPage`: the order pays for a custom service, whose work and files come on that page. */
export function orderPaidMail(to: string, order: { id: string; total: number }, downloads: readonly Download[], customOrderPage: string | null = null): MailMessage {
  const outcome =
    downloads.length > 0
      ? `Your files can be downloaded for ${DOWNLOAD_DAYS} days from today; the links expire after that.`
      : customOrderPage
        ? `Your custom order is paid. Follow it, write to the seller and download the delivery here: ${customOrderPage}`
        : 'Your purchase is active on your account.';
  const intro = [`Thank you for your order ${order.id} of ${formatUsd(order.total)}.`, outcome];
  const text = ['Hello,', '', ...intro, '', ...downloads.map((d) => `${d.name}: ${d.url}`), '', 'Beatcrate'].join('\n');
  const html = [
    '<p>Hello,</p>',
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    downloads.length > 0 ? `<ul>${downloads.map((d) => `<li><a href="${escapeHtml(d.url)}">${escapeHtml(d.name)}</a></li>`).join('')}</ul>` : '',
    '<p>Beatcrate</p>',
  ].join('\n');
  return { to, subject: downloads.length > 0 ? 'Your Beatcrate order: download links' : 'Your Beatcrate order is paid', text, html };
}

/** Sent once when an order is refunded: the money goes back the way it came, the files are no longer served. */
export function orderRefundedMail(to: string, order: { id: string; total: number }): MailMessage {
  const lines = [
    `Your order ${order.id} has been refunded: ${formatUsd(order.total)} goes back to the card or account you paid with.`,
    'Its download links no longer work, and the licence that came with the purchase has ended.',
  ];
  const text = ['Hello,', '', ...lines, '', 'Beatcrate'].join('\n');
  const html = ['<p>Hello,</p>', ...lines.map((line) => `<p>${escapeHtml(line)}</p>`), '<p>Beatcrate</p>'].join('\n');
  return { to, subject: 'Your Beatcrate order has been refunded', text, html };
}
