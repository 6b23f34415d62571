/**
 * What sagas call to reach the API. The browser's implementation speaks HTTP; the server's
 * calls the same endpoint handlers in-process while rendering, with no HTTP loopback.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiClient {
  request<T>(request: ApiRequest): Promise<T>;
}

/** A form's refusal: each failing field's message, by the field's name in the request. */
export type FieldErrors = Partial<Record<string, string>>;

/** The server's error answer, rethrown for screens to handle (SPEC §7, §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    /** A 400 to a form names each failing field (`errors`), so a page shows the message beside it. */
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function toQueryString(query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
