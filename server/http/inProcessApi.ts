import { match, type MatchFunction } from 'path-to-regexp';
import { ApiError, type ApiClient, type ApiRequest } from '../../shared/api/apiClient';
import type { AppDeps } from '../appDeps';
import { resolveSessionCookie } from '../auth/sessions';
import type { Endpoint, RequestContext } from './endpoint';
import { authorize, noSuchCall } from './endpointAccess';
import { toErrorAnswer } from './errorAnswer';
import { sharedAnswersOf, sharingMark } from './sharedAnswers';

type CompiledRoutes = ReadonlyArray<{ endpoint: Endpoint; match: MatchFunction<Record<string, string>> }>;

/** Each endpoint list's paths, compiled once: every page render makes an API of its own, and compiling them all took longer than the calls it makes. */
const compiledRoutes = new WeakMap<readonly Endpoint[], CompiledRoutes>();

function routesOf(endpoints: readonly Endpoint[]): CompiledRoutes {
  let routes = compiledRoutes.get(endpoints);
  if (!routes) {
    routes = endpoints.map((endpoint) => ({ endpoint, match: match<Record<string, string>>(endpoint.path) }));
    compiledRoutes.set(endpoints, routes);
  }
  return routes;
}

/**
 * The API as the server's own sagas see it while rendering a page: the same endpoint
 * handlers, called directly, with answers shaped exactly as JSON over HTTP would shape them.
 */
export function createInProcessApi(endpoints: readonly Endpoint[], deps: AppDeps, context: RequestContext): ApiClient {
  const routes = routesOf(endpoints);
  const shared = sharedAnswersOf(deps.database);
  // The page request's session, from its cookie exactly as the HTTP API resolves it, looked up once.
  let resolvedSession: Promise<RequestContext['session']> | null = null;
  const session = () =>
    (resolvedSession ??= context.session !== undefined ? Promise.resolve(context.session) : resolveSessionCookie(deps, context.cookies));
  return {
    async request(request: ApiRequest): Promise<unknown> {
      // A call its saga gave up on before it was made does nothing, as an aborted fetch sends nothing.
      request.signal?.throwIfAborted();
      for (const route of routes) {
        if (route.endpoint.method !== request.method) continue;
        const matched = route.match(request.path);
        if (!matched) continue;
        const query: Record<string, string> = {};
        for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) query[key] = String(value);
        try {
          const requestSession = await session();
          authorize(route.endpoint, requestSession, request.path);
          const mark = sharingMark(deps.database, route.endpoint);
          const url = mark === null ? '' : `${request.path}?${new URLSearchParams(query).toString()}`;
          // Kept answers come as one frozen value that every render shares, not a copy each.
          const kept = mark === null ? undefined : shared.value(url, mark);
          if (kept !== undefined) return kept;
          const result = await route.endpoint.handle(
            {
              params: matched.params,
              query,
              body: request.body === undefined ? undefined : JSON.parse(JSON.stringify(request.body)),
              context: { ...context, headers: { ...context.headers, ...request.headers }, session: requestSession },
            },
            deps,
          );
          // A programming error, not a refusal: the render reads JSON, and nothing it reads answers a file.
          if (result.file) throw new Error(`${request.method} ${request.path} answers ${result.file.contentType}, not JSON`);
          const json = JSON.stringify(result.body ?? null);
          if (mark === null || (result.status ?? 200) !== 200) return JSON.parse(json) as unknown;
          shared.keep(url, mark, json);
          return shared.value(url, mark);
        } catch (error) {
          const answer = toErrorAnswer(error);
          if (answer) throw new ApiError(answer.message, answer.statusCode);
          throw error;
        }
      }
      const unknown = noSuchCall(request.method, request.path);
      throw new ApiError(unknown.message, unknown.statusCode);
    },
  };
}
