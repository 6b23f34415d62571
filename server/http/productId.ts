import { HttpError } from './endpoint';

/** A numeric id from the address (a user's, an offer's…): digits only, so `abc` or `1e3` is a 400 rather than a lookup of NaN. */
export function parseNumericId(what: string, text: string): number {
  if (!/^\d{1,12}$/.test(text)) throw new HttpError(400, `Invalid ${what} id: ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** A product id from the path: digits only, so `abc` or `1e3` is a 400 rather than a lookup of NaN. */
export function parseProductId(text: string | undefined): number {
  if (text === undefined || !/^\d{1,9}$/.test(text)) throw new HttpError(400, `Invalid product id: ${JSON.stringify(String(text).slice(0, 40))}`);
  return Number(text);
}
