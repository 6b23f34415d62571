import type { Struct } from 'superstruct';
import { formErrors } from '../../shared/schemas/pages';
import { HttpError } from './endpoint';

/** A form that breaks its rules gets 400 with the first field's message and `errors` with every field's. */
export function refuseFormErrors<T>(body: unknown, schema: Struct<T, unknown>): void {
  const errors = formErrors(body, schema);
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new HttpError(400, first, { errors });
}
