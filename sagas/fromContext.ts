import type { GetContextEffect } from 'redux-saga/effects';
import { getContext } from 'redux-saga/effects';
import type { SagaContext } from '../shared/store/makeStore';

/**
 * A port of the saga context, typed by its key: `const api = yield* fromContext('api')`. redux-saga
 * types what a `yield` gives back as `any`; this is the one place that says what getContext gives
 * (what makeStore was handed for that key), instead of an annotation at every saga.
 */
export function* fromContext<K extends keyof SagaContext>(key: K): Generator<GetContextEffect, SagaContext[K], SagaContext[K]> {
  return yield getContext(key);
}
