import { coerce, integer, string } from 'superstruct';

/** An integer given as query-string text; anything but digits fails validation instead of becoming NaN later. */
export const QueryInteger = coerce(integer(), string(), (text) => (/^-?\d{1,15}$/.test(text.trim()) ? Number(text) : Number.NaN));
