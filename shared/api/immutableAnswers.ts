import { assert, type Struct } from 'superstruct';

/** Answers frozen to the last leaf, which nobody can change after they were checked. */
const immutable = new WeakSet<object>();
/** Which of those each schema has already checked. */
const checkedBy = new WeakMap<Struct<any, any>, WeakSet<object>>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/**
 * Freezes an answer to its last leaf and remembers it: the server hands one kept catalogue answer
 * to every render that asks for it (server/http/sharedAnswers.ts) instead of a copy each.
 */
export function immutableAnswer<T>(value: T): T {
  deepFreeze(value);
  if (typeof value === 'object' && value !== null) immutable.add(value);
  return value;
}

/**
 * `assert` for API answers. An immutable answer (see above) is checked once per schema: it cannot
 * have changed since, and walking a catalogue page through superstruct on every server render cost
 * more than rendering it. Every other answer, as every answer in the browser, is checked each time.
 */
export function assertAnswer<T, S>(value: unknown, schema: Struct<T, S>): asserts value is T {
  const known = typeof value === 'object' && value !== null && immutable.has(value);
  if (known && checkedBy.get(schema)?.has(value)) return;
  assert(value, schema);
  if (!known) return;
  let checked = checkedBy.get(schema);
  if (!checked) {
    checked = new WeakSet();
    checkedBy.set(schema, checked);
  }
  checked.add(value);
}
