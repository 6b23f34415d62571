import { integer, Struct } from 'superstruct';

/**
 * superstruct's `coerce(struct, string(), parse)`, with the string test written out: `coerce`
 * asks `is(value, string())`, which builds a StructError (and its stack trace) for every value
 * that is not text, such as each filter a query leaves out; that made up most of the time a
 * catalogue query's parameters took to read.
 */
export function fromText<T, S>(struct: Struct<T, S>, parse: (text: string) => unknown): Struct<T, S> {
  return new Struct({
    ...struct,
    coercer: (value, context) => struct.coercer(typeof value === 'string' ? parse(value) : value, context),
  });
}

/** An integer given as query-string text; anything but digits fails validation instead of becoming NaN later. */
export const QueryInteger = fromText(integer(), (text) => (/^-?\d{1,15}$/.test(text.trim()) ? Number(text) : Number.NaN));
