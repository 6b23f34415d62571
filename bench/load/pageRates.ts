import { spawn } from 'node:child_process';
import path from 'node:path';
import { create, number, object } from 'superstruct';

const PageRatesSchema = object({ peak: number(), p50AtHalf: number(), p99AtHalf: number(), errors: number() });
export type PageRates = typeof PageRatesSchema.TYPE;

/** Runs bench/load/pageLoadClient.ts as a process of its own against `origin` and reads its one line of results. */
export function pageRates(plan: { origin: string; path: string; seconds: number; connections: number }): Promise<PageRates> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'pageLoadClient.ts'), JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the page load client exited with ${code}`));
      try {
        resolve(create(JSON.parse(output.trim().split('\n').pop() ?? '{}'), PageRatesSchema));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
