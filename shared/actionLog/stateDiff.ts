import type { StateChange } from '../schemas/support';

const SHOWN_CHARS = 160;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as short JSON for a person to read; `—` where there was none. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

/**
 * What one action changed in the state, as `path: before → after` leaves. Reducers update
 * immutably, so an unchanged branch is the same object and is skipped without looking inside:
 * the walk costs what the action changed, not the size of the state. An array whose length
 * changed is shown whole, since element-wise paths would only repeat the shift.
 */
export function stateDiff(before: unknown, after: unknown, limit = 40): { changes: StateChange[]; more: number } {
  const changes: StateChange[] = [];
  let more = 0;
  const visit = (path: string, a: unknown, b: unknown) => {
    if (Object.is(a, b)) return;
    const bothObjects = isPlainObject(a) && isPlainObject(b);
    const sameLengthArrays = Array.isArray(a) && Array.isArray(b) && a.length === b.length;
    if (bothObjects) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) visit(path ? `${path}.${key}` : key, a[key], b[key]);
      return;
    }
    if (sameLengthArrays) {
      a.forEach((item, index) => visit(`${path}[${index}]`, item, b[index]));
      return;
    }
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    if (changes.length < limit) changes.push({ path, before: shownValue(a), after: shownValue(b) });
    else more += 1;
  };
  visit('', before, after);
  return { changes, more };
}
