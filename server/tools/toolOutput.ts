import { reasonOf } from '../logging/logger';

/**
 * What a command-line tool prints is its result, for the person who ran it (or a script reading
 * it): program output on stdout, not log lines, so it is written as it is.
 */
export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** A tool's failure: one line on stderr, `<tool>: <what went wrong>`, no stack trace. */
export function printFailure(tool: string, error: unknown): void {
  process.stderr.write(`${tool}: ${reasonOf(error)}\n`);
}
