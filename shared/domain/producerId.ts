import { PRODUCER_ID } from './constants';

/**
 * First path segments the app keeps for itself: the dashboard and admin sites live under them
 * (shared/sites/siteLinks.ts), so no producer page may be `/dashboard` or `/admin`.
 */
export const RESERVED_PRODUCER_IDS: readonly string[] = ['dashboard', 'admin'];

export const isReservedProducerId = (id: string) => RESERVED_PRODUCER_IDS.includes(id);

/** SPEC §2 producer route helper: a letter, no whitespace, no uppercase, length 3 to 50; not a reserved segment. */
export function isValidProducerId(id: string): boolean {
  return (
    id.length >= PRODUCER_ID.minLength &&
    id.length <= PRODUCER_ID.maxLength &&
    /\p{L}/u.test(id) &&
    !/\s/u.test(id) &&
    id === id.toLowerCase() &&
    !isReservedProducerId(id)
  );
}
