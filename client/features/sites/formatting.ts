/** Fixed locale and zone, so the server's render and the browser's hydration print the same date. */
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDate = (iso: string) => DATE.format(new Date(iso));

const STATUS_LABELS = {
  pending: 'Awaiting payment',
  requires_action: 'Awaiting confirmation',
  paid: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
} as const;

export const orderStatusLabel = (status: keyof typeof STATUS_LABELS) => STATUS_LABELS[status];

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A moment to the minute, in UTC and saying so, since moderators may sit in any zone. */
export const formatDateTime = (iso: string) => `${DATE_TIME.format(new Date(iso))} UTC`;
