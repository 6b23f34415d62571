import type { Reducer, UnknownAction } from '@reduxjs/toolkit';

/** A slice test's one step: the state after `actions`, from `state` or else the slice's initial state. */
export const reducerOf =
  <S>(reducer: Reducer<S>) =>
  (state: S | undefined, ...actions: UnknownAction[]): S =>
    actions.reduce(reducer, state ?? reducer(undefined, { type: '@@test/init' }));
