import { ApiError, type ApiClient, type ApiRequest, toQueryString } from '../../shared/api/apiClient';

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
        const message = (answer as { message?: unknown } | null)?.message;
        throw new ApiError(typeof message === 'string' ? message : response.statusText, response.status);
      }
      return answer as T;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
