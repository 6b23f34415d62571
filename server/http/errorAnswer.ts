import type { ApiErrorBody } from '../../shared/schemas/apiError';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/databaseUnavailable';
import { DomainError } from '../domain/decider';
import { PaymentProviderError } from '../payments/paymentProvider';
import { HttpError } from './endpoint';

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
  // body-parser's errors carry a status and a type.
  const parserError = error as { type?: string; status?: number };
  if (parserError.type === 'entity.too.large') return { statusCode: 413, message: 'Request body is too large' };
  if (parserError.type === 'entity.parse.failed') return { statusCode: 400, message: 'Request body is not valid JSON' };
  if (parserError.type === 'charset.unsupported' || parserError.type === 'encoding.unsupported') {
    return { statusCode: 415, message: 'Unsupported request encoding' };
  }
  return null;
}
