import { spawn } from 'node:child_process';
import path from 'node:path';
import { runTool, type Tool } from '../../server/tools/tool';
import { usersTool } from '../../server/tools/users';

const ROOT = path.resolve(__dirname, '../..');

export type ToolAnswer = { code: number | null; stdout: string; stderr: string };

/**
 * Runs a tool of server/tools/ in the test's own process, on the database at `databaseUrl`:
 * the same code, arguments, output and exit code as its npm script, without starting a Node
 * process and compiling the server for each command (seconds each on a busy machine).
 */
export async function runToolHere(tool: Tool, databaseUrl: string, args: readonly string[]): Promise<ToolAnswer> {
  let stdout = '';
  let stderr = '';
  const code = await runTool(tool, args, { DATABASE_URL: databaseUrl }, { out: (text) => (stdout += `${text}\n`), err: (text) => (stderr += `${text}\n`) });
  return { code, stdout, stderr };
}

/** `npm run users -- …` on the database at `databaseUrl`: staff roles for a test's accounts. */
export const runUsersCommand = (databaseUrl: string, args: readonly string[]) => runToolHere(usersTool, databaseUrl, args);

/**
 * Runs `npm run <tool> -- …` (a script of server/tools/) as its own process, as an operator
 * would: for the test that the script itself starts the tool, reads its arguments and exits
 * with its code.
 */
export function runToolScript(tool: 'users' | 'replay' | 'analytics' | 'analyticsExport' | 'outbox', databaseUrl: string, args: readonly string[]): Promise<ToolAnswer> {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/tools/${tool}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
