import { is } from 'superstruct';
import { ApiError, type ApiClient, type ApiRequest, type FieldErrors, type RequestFailure, toQueryString } from '../../shared/api/apiClient';
import { ErrorMessageBodySchema, FieldErrorsBodySchema } from '../../shared/schemas/apiError';

export interface FetchApiClientOptions {
  /** Told of every request that failed (an HTTP error or no answer), before the caller's saga hears of it. */
  onFailure?: (failure: RequestFailure) => void;
}

/**
 * The action log's own delivery (sagas/actionLog/shipActionLog.ts) is not a request of the
 * buyer's: reporting its failures would feed the log it could not deliver, and a log at its cap
 * (413) would then post a new entry every 2 s for as long as the tab stays open.
 */
const UNREPORTED_PATHS = new Set(['/action-log']);

/** A URL's pathname alone: the query string stays out of the log. */
const pathnameOf = (url: string) => new URL(url, 'http://pathname.invalid').pathname;

/** The browser's API client: JSON over HTTP with cookies; failures rethrow the server's answer. */
export function createFetchApiClient(baseUrl: string, options: FetchApiClientOptions = {}): ApiClient {
  return {
    async request({ method, path, query, body, headers, signal }: ApiRequest): Promise<unknown> {
      const url = `${baseUrl}${path}${toQueryString(query)}`;
      const failed = (error: ApiError) => {
        if (options.onFailure && !UNREPORTED_PATHS.has(pathnameOf(path))) {
          options.onFailure({ method, path: pathnameOf(url), status: error.statusCode, message: error.message });
        }
        return error;
      };
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          credentials: 'include',
          headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
      } catch (error) {
        // Aborted by the caller, which wants no answer: not a failure to report.
        if (signal?.aborted) throw signal.reason;
        throw failed(new ApiError(error instanceof Error ? error.message : 'Network error', 0));
      }
      const text = await response.text();
      const answer: unknown = text ? safeJson(text) : null;
      if (!response.ok) {
        throw failed(new ApiError(messageOf(answer) ?? response.statusText, response.status, fieldErrorsOf(answer), answer));
      }
      return answer;
    },
  };
}

/** The server's words for a refusal, when the answer has them. */
export const messageOf = (answer: unknown): string | null => (is(answer, ErrorMessageBodySchema) ? answer.message : null);

/** The per-field messages of a refused form, when the answer has them. */
export const fieldErrorsOf = (answer: unknown): FieldErrors => (is(answer, FieldErrorsBodySchema) ? answer.errors : {});

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
