import { PRODUCER_ID } from './constants';

/** SPEC §2 producer route helper: a letter, no whitespace, no uppercase, length 3 to 50. */
export function isValidProducerId(id: string): boolean {
  return (
    id.length >= PRODUCER_ID.minLength &&
    id.length <= PRODUCER_ID.maxLength &&
    /\p{L}/u.test(id) &&
    !/\s/u.test(id) &&
    id === id.toLowerCase()
  );
}
