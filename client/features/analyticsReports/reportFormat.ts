import { formatCents } from '../../../shared/domain/money';

/** Fixed locale and zone (the report's days are UTC), so the server's render and the browser's hydration print the same. */
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const COMPACT_USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const COUNT = new Intl.NumberFormat('en-US');

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** `Nov 3`: a chart's axis. */
export const shortDay = (day: string) => SHORT_DAY.format(dateOf(day));
/** `Nov 3, 2026`: tables and descriptions. */
export const longDay = (day: string) => LONG_DAY.format(dateOf(day));
export const formatCount = (value: number) => COUNT.format(value);
/** `$1.2K`: an axis's ticks, where space is short. */
export const compactCents = (cents: number) => COMPACT_USD.format(cents / 100);
export const compactCount = (value: number) => COMPACT.format(value);
/** A rate, or a dash when the step before had nobody to convert. */
export const formatShare = (share: number | null) => (share === null ? '—' : PERCENT.format(share));
export { formatCents };
