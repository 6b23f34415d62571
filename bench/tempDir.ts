import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs `work` with a fresh directory under the OS temp dir and removes it afterwards, even on failure. */
export async function withTempDir<T>(label: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `beatcrate-bench-${label}-`));
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
