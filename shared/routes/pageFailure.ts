import type { PageError } from '../features/navigation/navigationSlice';

/** A failure that decides the error page's status (SPEC §8 "Page errors"). */
export class PageFailure extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PageFailure';
  }
}

/** Status from statusCode, status or response status; 500 when none is given. */
export function toPageError(error: unknown): PageError {
  const source = (error ?? {}) as { statusCode?: unknown; status?: unknown; response?: { status?: unknown }; message?: unknown };
  const status = [source.statusCode, source.status, source.response?.status].find(
    (value): value is number => typeof value === 'number' && value >= 400 && value <= 599,
  );
  return {
    statusCode: status ?? 500,
    message: typeof source.message === 'string' && source.message ? source.message : 'Server error',
    noRoute: false,
  };
}
