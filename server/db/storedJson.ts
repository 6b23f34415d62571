import { type Struct, validate } from 'superstruct';

/** JSON text a read model wrote, checked against its shape when read back (DESIGN: decode what crosses a boundary). */
export function decodeStored<T, S>(text: string, struct: Struct<T, S>, what: string): T {
  const [error, value] = validate(JSON.parse(text), struct);
  if (error) throw new Error(`Stored ${what} is unreadable: ${error.message}`);
  return value;
}
