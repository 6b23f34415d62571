import { createAction } from '@reduxjs/toolkit';

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
  /** Aborts the request: the flow that asked no longer wants the answer (sagas/cancellableRequest.ts). */
  signal?: AbortSignal;
}

export interface ApiClient {
  /** The answer's JSON, not yet trusted: the caller decodes it with the call's shared schema. */
  request(request: ApiRequest): Promise<unknown>;
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
    /** The error answer as the server sent it, for a refusal that carries more than words (an order's new total and cart). */
    readonly answer: unknown = null,
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

/** An API request the browser made that failed, as the action log records it. */
export interface RequestFailure {
  method: HttpMethod;
  /** The request's pathname, without its query string (a query can hold an email address). */
  path: string;
  /** The answer's HTTP status; 0 when no answer came (the network failed). */
  status: number;
  /** The server's error message, or the network's; redacted like every recorded action. */
  message: string;
}

/**
 * Telemetry, not state: the browser's API client reports every failed request with it
 * (client/index.tsx), so support finds a session's step by its error. No reducer handles it, so
 * the recorded log replays to the same states and checkpoints with or without it.
 */
export const requestFailed = createAction<RequestFailure>('api/requestFailed');
