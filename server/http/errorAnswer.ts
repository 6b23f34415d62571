import type { ApiErrorBody } from '../../shared/schemas/apiError';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/databaseUnavailable';
import { DomainError } from '../domain/decider';
import { PaymentProviderError } from '../payments/paymentProvider';
import { HttpError } from './endpoint';
import { requestBodyErrorAnswer } from './requestBodyErrors';

/** The error object of SPEC §3 for any failure; null when it is a bug (a 500). */
export function toErrorAnswer(error: unknown): ApiErrorBody | null {
  if (error instanceof HttpError || error instanceof DomainError) {
    return { statusCode: error.statusCode, message: error.message };
  }
  // Stripe or PayPal could not be reached: nothing was decided, the buyer may try again.
  if (error instanceof PaymentProviderError) return { statusCode: 502, message: 'The payment provider could not be reached; please try again' };
  if (isDatabaseUnavailable(error)) return { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
  // Express and path-to-regexp decode path parameters; a broken %-escape is the caller's mistake.
  if (error instanceof URIError) return { statusCode: 400, message: 'The address has a malformed %-escape' };
  return requestBodyErrorAnswer(error);
}
