/** A start-up step that failed, with what it was doing, so the one line printed says where to look. */
export class StartupError extends Error {
  constructor(step: string, cause: unknown) {
    super(`${step}: ${reasonOf(cause)}`, { cause });
    this.name = 'StartupError';
  }
}

export async function startupStep<T>(step: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new StartupError(step, error);
  }
}

/** The failure as one line: no stack trace, no line breaks. */
export function startupFailureLine(error: unknown): string {
  return `Beatcrate failed to start: ${reasonOf(error)}`;
}

function reasonOf(error: unknown): string {
  // A connection refused on every address of a host name arrives as an AggregateError with no message of its own.
  const message =
    error instanceof AggregateError && !error.message
      ? [...new Set(error.errors.map(reasonOf))].join(', ')
      : error instanceof Error
        ? error.message || error.name
        : String(error);
  return message.replace(/\s+/g, ' ').trim();
}

/** A database URL fit for a log line: the password is left out. */
export function withoutPassword(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed?.password) return url;
  parsed.password = '';
  return parsed.toString();
}
