import { StructError } from 'superstruct';
import { errorMessage } from './auth/authSagas';

/**
 * What a buyer is told when a cart, wishlist or order call fails: the server's message; an
 * answer of the wrong shape or a refusal we detected ourselves says so; anything else is the network.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof StructError) return 'Unexpected answer from the server, please try again';
  if (error instanceof RefusedAnswer) return error.message;
  return errorMessage(error);
}

/** An answer that arrived but says no, e.g. a cart add without `{status: 'ok'}`. */
export class RefusedAnswer extends Error {
  override name = 'RefusedAnswer';
}
