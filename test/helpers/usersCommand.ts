import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

type ToolAnswer = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run users -- …` as an operator would, as its own process, on the database at `databaseUrl`. */
export const runUsersCommand = (databaseUrl: string, args: readonly string[]) => runToolCommand('users', databaseUrl, args);

/** Runs `npm run <tool> -- …` (a script of server/tools/) as its own process, on the database at `databaseUrl`. */
export function runToolCommand(tool: 'users' | 'replay' | 'analytics' | 'analyticsExport', databaseUrl: string, args: readonly string[]): Promise<ToolAnswer> {
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
