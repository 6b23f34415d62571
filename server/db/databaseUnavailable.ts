/** What a caller is told while the database cannot be used; nothing was changed, trying again later is right. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable at the moment; nothing was changed. Please try again in a minute.';

// better-sqlite3's extended result codes: locked by another process, the disk full or failing, the file unreadable.
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|PROTOCOL|NOTADB)(_|$)/;
// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shutting down, starting up), class 53 (out of resources).
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53...)$/;
// Node's socket errors while reaching PostgreSQL.
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres reports a dropped or unobtainable connection by message only.
const PG_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * The database could not be used at all, as opposed to refusing this query: the server stays up,
 * answers 503, and carries on once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Read by shape, not instanceof: errors from Node's sockets may come from another realm (a test runner's sandbox).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  // A connection refused on every address of a host name: an AggregateError of socket errors.
  if (Array.isArray(errors) && errors.length > 0) return errors.every(isDatabaseUnavailable);
  if (typeof code === 'string' && (SQLITE_UNAVAILABLE.test(code) || POSTGRES_UNAVAILABLE.test(code) || NETWORK.has(code))) return true;
  return typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message);
}
