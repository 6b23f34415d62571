import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

interface Waiter {
  matches: (action: UnknownAction) => boolean;
  resolve: (action: UnknownAction) => void;
}

/**
 * Records the actions a store is given (pass `middleware` to makeStore) and waits for one: for an
 * outcome that shows as an action rather than as state (a stale answer dropped, an action no
 * running saga turns into state). `until` resolves once an action `matches` accepts has been
 * reduced, at once if one already was; no clock.
 */
export function actionRecorder() {
  const actions: UnknownAction[] = [];
  const waiters = new Set<Waiter>();
  const middleware: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    const result = next(action);
    for (const waiter of waiters) {
      if (!waiter.matches(action as UnknownAction)) continue;
      waiters.delete(waiter);
      waiter.resolve(action as UnknownAction);
    }
    return result;
  };
  const until = (matches: (action: UnknownAction) => boolean): Promise<UnknownAction> => {
    const seen = actions.find(matches);
    return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.add({ matches, resolve }));
  };
  return { actions, middleware, until };
}
