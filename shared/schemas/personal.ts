import { Struct } from 'superstruct';

/** What a personal value becomes wherever the action log would otherwise keep it. */
export const REDACTED = '[REDACTED]';

/** How a marked value is made fit for the action log. */
export type Scrub = (value: unknown) => unknown;

/**
 * The marks live on a struct's `entries` function: superstruct's wrappers (`nullable`,
 * `optional`, `refine`, `size`, `omit`, `pick`, spreading `.schema` into another `object`) copy it,
 * so a field stays marked whatever is built around it.
 */
const SCRUBS = new WeakMap<object, Scrub>();

function marked<T, S>(struct: Struct<T, S>, scrub: Scrub): Struct<T, S> {
  const entries: Struct<T, S>['entries'] = function* (value, context) {
    yield* struct.entries(value, context);
  };
  SCRUBS.set(entries, scrub);
  return new Struct({ ...struct, entries });
}

const redacted: Scrub = (value) => (typeof value === 'boolean' ? value : REDACTED);

/**
 * Marks a schema's field as personal data (a name, an address, an email, a date of birth, words a
 * person wrote): the action log holds `[REDACTED]` in its place, in the browser and on the server,
 * wherever a state or an action declared with this schema carries it
 * (shared/actionLog/personalData.ts). Validation and messages are the struct's own.
 */
export function personal<T, S>(struct: Struct<T, S>): Struct<T, S> {
  return marked(struct, redacted);
}

/** Marks a field whose value the log keeps, with its personal parts scrubbed by `scrub` (a query string's search terms). */
export function personalParts<T, S>(struct: Struct<T, S>, scrub: Scrub): Struct<T, S> {
  return marked(struct, scrub);
}

/** How the action log scrubs values of this struct; null when it is not marked. */
export function scrubOf(struct: Struct<any, any>): Scrub | null {
  return SCRUBS.get(struct.entries) ?? null;
}

/** The fields of an object schema marked `personal` (a query string's parameters that carry a person's name or address). */
export function personalFieldNames(struct: Struct<any, any>): string[] {
  const fields: unknown = struct.schema;
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields as Record<string, Struct<any, any>>)
    .filter(([, field]) => scrubOf(field) === redacted)
    .map(([name]) => name);
}
