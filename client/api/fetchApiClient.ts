import { is } from 'superstruct';
import { ApiError, type ApiClient, type ApiRequest, type FieldErrors, toQueryString } from '../../shared/api/apiClient';
import { ErrorMessageBodySchema, FieldErrorsBodySchema } from '../../shared/schemas/apiError';

/** The browser's API client: JSON over HTTP with cookies; failures rethrow the server's answer. */
export function createFetchApiClient(baseUrl: string): ApiClient {
  return {
    async request<T>({ method, path, query, body, headers }: ApiRequest): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${path}${toQueryString(query)}`, {
          method,
          credentials: 'include',
          headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
      }
      const text = await response.text();
      const answer: unknown = text ? safeJson(text) : null;
      if (!response.ok) {
        throw new ApiError(messageOf(answer) ?? response.statusText, response.status, fieldErrorsOf(answer));
      }
      return answer as T;
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
