import type { Middleware } from '@reduxjs/toolkit';
import { backgroundReadFailed } from '../../sagas/shell/failureActions';
import { cartLoadFailed } from '../../shared/features/cart/cartSlice';
import type { Logger } from '../logging/logger';

/**
 * A page's render carries on without a read that failed (the sagas say so in an action, which in
 * the browser goes to the action log): on the server the render's log says it, with the
 * request's id, for whoever runs the shop. Warn: the page was served, short of a part.
 */
export function renderFailuresLogged(log: Logger): Middleware {
  return () => (next) => (action) => {
    if (backgroundReadFailed.match(action)) log.warn({ what: action.payload.what, reason: action.payload.message }, 'A page was rendered without a part it could not read');
    if (cartLoadFailed.match(action)) log.warn({ what: 'the cart', reason: action.payload }, 'A page was rendered without a part it could not read');
    return next(action);
  };
}
