import { createLogger, type Logger, type LogLevel } from '../../server/logging/logger';

/** One line of the server's log as it writes it (server/logging/logger.ts): JSON, `msg` the message, the rest fields. */
export interface LogLine {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  job?: string;
  phase?: string;
  [field: string]: unknown;
}

const isLogLine = (value: unknown): value is LogLine =>
  typeof value === 'object' && value !== null && typeof (value as { msg?: unknown }).msg === 'string' && typeof (value as { level?: unknown }).level === 'string';

function parsed(text: string): LogLine | null {
  try {
    const value: unknown = JSON.parse(text);
    return isLogLine(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The log lines in what a server process printed, in order. Anything else it printed (a
 * library's notice, a line cut off by the process ending) is left out.
 */
export function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap((text) => parsed(text) ?? []);
}

/** The messages (`msg`) of the log lines in what a server process printed. */
export function logMessages(output: string): string[] {
  return logLines(output).map((line) => line.msg);
}

export interface CapturedLog {
  /** A logger of the server's own kind (the same fields, redaction and request ids) whose lines stay here. */
  log: Logger;
  /** Every line written so far, parsed. */
  lines: LogLine[];
  /** Every line as written, for checking that something never reached the log at all. */
  raw: string[];
  messages(): string[];
}

/** For code that takes its logger through deps or a parameter: what it logs, for the test to read. */
export function capturedLog(level: LogLevel = 'trace'): CapturedLog {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const log = createLogger({
    level,
    destination: {
      write(text: string) {
        raw.push(text);
        const line = parsed(text);
        if (!line) throw new Error(`The logger wrote a line that is not a log line: ${text}`);
        lines.push(line);
      },
    },
  });
  return { log, lines, raw, messages: () => lines.map((line) => line.msg) };
}
