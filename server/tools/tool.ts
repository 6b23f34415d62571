import { loadConfig } from '../config';
import { reasonOf } from '../logging/logger';

/**
 * A mistake of whoever typed the command, or input that is not what the tool reads: said in one
 * line, exit code 2 (a script calling the tool tells it from a failure of the tool, exit code 1).
 */
export class UsageError extends Error {}

/** What a tool is handed: the database it works on, and where its result goes. */
export interface ToolContext {
  databaseUrl: string;
  /** One line of the tool's result: program output for the person who ran it (or a script reading it), not a log line. */
  print(text: string): void;
}

/** A command-line tool of `npm run <name>` (server/tools/README.md). */
export interface Tool {
  /** The npm script's name, which begins its failure line. */
  name: string;
  /** Does the work; resolves to the exit code (0 when it says nothing else). */
  run(args: readonly string[], context: ToolContext): Promise<number | void>;
  /** Errors of the tool's own domain that are the caller's mistake too, besides UsageError (exit code 2). */
  usageErrors?: ReadonlyArray<abstract new (...args: never[]) => Error>;
}

export interface ToolOutput {
  out(text: string): void;
  err(text: string): void;
}

/**
 * Runs `tool` with `args` on the database `env` names (DATABASE_URL), its result on `output.out`
 * and a failure as one line on `output.err`, `<tool>: <what went wrong>`, no stack trace; resolves
 * to the exit code. The npm script runs it on the process's arguments and streams
 * (`runAsScript`); a test runs the same in its own process.
 */
export async function runTool(tool: Tool, args: readonly string[], env: NodeJS.ProcessEnv, output: ToolOutput): Promise<number> {
  try {
    const code = await tool.run(args, { databaseUrl: loadConfig(env).databaseUrl, print: output.out });
    return code ?? 0;
  } catch (error) {
    output.err(`${tool.name}: ${reasonOf(error)}`);
    const usage = error instanceof UsageError || (tool.usageErrors ?? []).some((type) => error instanceof type);
    return usage ? 2 : 1;
  }
}

/** The process's own streams; lines are written as they are (a pipe or a file, as a script reads them). */
const standardOutput: ToolOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** `tool` as its npm script: the process's arguments and environment, stdout and stderr, its exit code. */
export function runAsScript(tool: Tool): void {
  void runTool(tool, process.argv.slice(2), process.env, standardOutput).then((code) => process.exit(code));
}
