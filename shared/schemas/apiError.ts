import { type Infer, number, object, string } from 'superstruct';

/** SPEC §3 error object; every non-2xx answer of the API has this shape. */
export const ApiErrorBodySchema = object({ message: string(), statusCode: number() });
export type ApiErrorBody = Infer<typeof ApiErrorBodySchema>;
