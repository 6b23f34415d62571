import type { Infer, Struct } from 'superstruct';
import { scrubOf } from '../schemas/personal';

// Shapes are superstruct structs of any schema; their types are checked where they are declared.
export type Shape = Struct<any, any>;

/**
 * Where a slice holds personal data: the shape of its state and of its actions' payloads, made of
 * the shared schemas whose personal fields are marked (`personal()` in shared/schemas/personal.ts).
 * Redaction walks a value by its shape, so a field marked in a schema is redacted in every state
 * and action declared with that schema; keys a shape does not name are left as they are.
 */
export interface SlicePersonalData {
  /** Shapes of the state's keys that can hold personal data. */
  readonly state: Readonly<Record<string, Shape>>;
  /** The payload's shape of each action type that can carry personal data. */
  readonly actions: ReadonlyMap<string, Shape>;
}

/** A slice whose state and actions hold no personal data (the catalogue, the player). */
export const NOTHING_PERSONAL: SlicePersonalData = { state: {}, actions: new Map() };

/** A shape fits a value when every value of that type is one the shape describes (a `type()` may name only some keys). */
type Fits<Value, S extends Shape> = [NonNullable<Value>] extends [Infer<S>] ? S : never;
type PayloadOf<Creator> = Creator extends (...args: never[]) => { payload: infer Payload } ? Payload : never;
type ActionCreator = ((...args: never[]) => { payload: unknown }) & { type: string };

/**
 * A slice's declaration, checked against the slice: each state key and action named must be the
 * slice's, and each shape must describe its value's type.
 */
export function slicePersonalData<
  State,
  Actions extends Record<string, ActionCreator>,
  StateShapes extends { [Key in keyof State]?: Shape },
  ActionShapes extends { [Key in keyof Actions]?: Shape },
>(
  slice: { getInitialState(): State; actions: Actions },
  declaration: {
    state?: StateShapes & { [Key in keyof StateShapes]: Key extends keyof State ? Fits<State[Key], NonNullable<StateShapes[Key]>> : never };
    actions?: ActionShapes & { [Key in keyof ActionShapes]: Key extends keyof Actions ? Fits<PayloadOf<Actions[Key]>, NonNullable<ActionShapes[Key]>> : never };
  },
): SlicePersonalData {
  const actions = new Map<string, Shape>();
  for (const [name, shape] of Object.entries(declaration.actions ?? {}) as [string, Shape][]) actions.set(slice.actions[name]!.type, shape);
  return { state: (declaration.state ?? {}) as Record<string, Shape>, actions };
}

/** Deeper than any state we keep; the safety net (redact.ts) drops what lies past it. */
const MAX_DEPTH = 32;

/**
 * The value with every part its shape marks personal scrubbed. Parts nothing marks are returned
 * as they are (the same object), so redaction copies only the branches it changes.
 */
export function redactDeclared(value: unknown, shape: Shape, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  const scrub = scrubOf(shape);
  if (scrub) return scrub(value);
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  let copy: object | null = null;
  for (const [key, child, childShape] of shape.entries(value, { branch: [value], path: [] })) {
    const redacted = redactDeclared(child, childShape as Shape, depth + 1);
    if (redacted === child) continue;
    copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
    // Defined rather than assigned: a key named `__proto__` in a batch stays a plain key.
    Object.defineProperty(copy, key, { value: redacted, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? value;
}
