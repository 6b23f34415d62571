import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { LogLevel } from './logLevels';

export type { Logger };
export { LOG_LEVELS, type LogLevel } from './logLevels';

/*
 * The server's one logger (pino). Log with fields, the message a fixed sentence where it can be:
 * `log.warn({ orderId, reason: reasonOf(error) }, 'The mail of the order stays due')` for a
 * failure expected in operation (its message is enough), `log.error({ err: error }, 'Request
 * failed')` for a bug (pino keeps the stack). Never a secret or a person's data in a field: the
 * usual names are redacted below, but an address or a token under another name is not.
 */

/**
 * What every line written in a piece of work carries, whichever logger writes it: the id of the
 * request being handled, or the name of the background job running.
 */
interface LogContext {
  requestId?: string;
  job?: string;
}

const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `work` (and whatever it starts) as part of the request `requestId`: its lines carry that id. */
export function inRequest<T>(requestId: string, work: () => T): T {
  return logContext.run({ requestId }, work);
}

/** Runs `work` (and whatever it starts) as a run of the background job `job`: its lines carry the job's name. */
export function inJob<T>(job: string, work: () => T): T {
  return logContext.run({ job }, work);
}

/**
 * Runs `work` outside any request or job: for timers and loops a request merely happens to start,
 * which live on after it and must not sign their lines with its id.
 */
export function outsideRequest<T>(work: () => T): T {
  return logContext.exit(work);
}

/**
 * Fields whose values never reach a line, at the top of a line's fields or one level down (an
 * `{ account: { email } }`), and request headers wherever they are logged.
 */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'secret', 'authorization', 'cookie', 'email', 'apiKey'];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
];

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; by default stdout (info and below) and stderr (warn and above), pretty at a terminal. */
  destination?: DestinationStream;
}

/** A logger of the project's shape: JSON lines, ISO times, the request id (or job) of the work being done, secrets redacted. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A copy: pino merges the line's own fields into what the mixin returns (and they win).
      mixin: () => ({ ...logContext.getStore() }),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    options.destination ?? standardStreams(),
  );
}

/**
 * Lines below warn to stdout, warn and above to stderr (as console.log and console.error did, so a
 * process manager and a person tell them apart). Written synchronously, so the line before a
 * `process.exit` is not lost. At a terminal each line is made readable by pino-pretty, in process
 * (no worker thread); in a pipe or a file they stay JSON, one object per line.
 */
function standardStreams(): DestinationStream {
  return pino.multistream(
    [
      { level: 'trace', stream: streamTo(1, Boolean(process.stdout.isTTY)) },
      { level: 'warn', stream: streamTo(2, Boolean(process.stderr.isTTY)) },
    ],
    { dedupe: true },
  );
}

function streamTo(fd: 1 | 2, terminal: boolean): DestinationStream {
  const file = pino.destination({ dest: fd, sync: true });
  if (!terminal) return file;
  const pretty = prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true });
  return { write: (line: string) => file.write(pretty(line)) };
}

/**
 * The process's logger. Code given deps logs through `deps.log` (this one, or a test's); code
 * without deps imports this. start.ts sets its level from LOG_LEVEL once the configuration is read.
 */
export const logger: Logger = createLogger();

/** Says nothing: for callers that asked for no progress lines (the seed and migrations in tests). */
export const silentLogger: Logger = createLogger({ level: 'silent', destination: { write: () => undefined } });

/** An error as a short reason for a line: its message (no stack) for failures the operator need not debug. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
