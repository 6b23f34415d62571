import { spawn } from 'node:child_process';
import os from 'node:os';
import readline from 'node:readline';

/**
 * A bench's helper process (`node --import tsx <script> [plan]`) driven by lines: each command on
 * its stdin is answered by one line on its stdout, in order. `niceness` lowers its priority, as a
 * browser or consumer elsewhere would not compete with the server; `stop` sends the helper's own
 * quit command and kills it if it has not left within 5 s.
 */
export function startCommandedProcess(script: string, options: { args?: string[]; niceness?: number; quit: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...(options.args ?? [])], { stdio: ['pipe', 'pipe', 'inherit'] });
  if (options.niceness !== undefined && child.pid !== undefined) os.setPriority(child.pid, options.niceness);
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  /** The next line the process prints. */
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  return {
    next,
    async ask(command: string): Promise<string> {
      const answer = next();
      child.stdin.write(`${command}\n`);
      return answer;
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.write(`${options.quit}\n`);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
