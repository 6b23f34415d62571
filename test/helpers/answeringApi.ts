import type { ApiClient, ApiRequest } from '../../shared/api/apiClient';

export type Answers = Record<string, unknown>;

/** Calls keyed by path alone, or by `METHOD path` where one path answers several methods. */
export const byPath = (request: ApiRequest) => request.path;
export const byMethodAndPath = (request: ApiRequest) => `${request.method} ${request.path}`;

/**
 * The API a page test's sagas reach: each call answered from `answers` by its key, every call
 * kept in order; an answer that is an Error fails the call with it, and a call nobody expected
 * fails the test.
 */
export function answeringApi(answers: Answers, keyOf: (request: ApiRequest) => string = byPath) {
  const calls: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T>(request: ApiRequest) => {
      calls.push(request);
      const answer = answers[keyOf(request)];
      if (answer === undefined) throw new Error(`unexpected call ${request.method} ${request.path}`);
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
  };
  return { api, calls };
}
