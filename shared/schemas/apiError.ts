import { type Infer, number, object, record, string, type } from 'superstruct';

/** SPEC §3 error object; every non-2xx answer of the API has this shape. */
export const ApiErrorBodySchema = object({ message: string(), statusCode: number() });
export type ApiErrorBody = Infer<typeof ApiErrorBodySchema>;

/** A form's 400 also carries `errors`: each failing field's message (server/http/formErrors.ts). */
export const FieldErrorsBodySchema = type({ errors: record(string(), string()) });

/** The message of an error answer, whatever else it carries. */
export const ErrorMessageBodySchema = type({ message: string() });
