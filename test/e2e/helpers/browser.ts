import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The player's tests check that audio really plays; without this Chromium may refuse to start it.
  '--autoplay-policy=no-user-gesture-required',
] as const;

export interface LaunchedBrowser {
  browser: Browser;
  /** Closes Chromium and removes its profile; safe to call twice. */
  close(): Promise<void>;
}

function chromiumExecutable(): string {
  const executablePath = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';
  try {
    fs.accessSync(executablePath, fs.constants.X_OK);
  } catch {
    throw new Error(
      `The e2e tests need Chromium, but there is no executable at ${executablePath}. ` +
        'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or point PUPPETEER_EXECUTABLE_PATH ' +
        'at a Chrome or Chromium binary, e.g. `PUPPETEER_EXECUTABLE_PATH=/usr/bin/google-chrome npx jest test/e2e`.',
    );
  }
  return executablePath;
}

/**
 * The system Chromium with a throwaway profile, so no run sees another's cookies or storage.
 * `shared`: reachable over a WebSocket (`browser.wsEndpoint()`), so that the test files in other
 * jest workers can `puppeteer.connect` to it; otherwise over a pipe only this process holds.
 */
export async function launchBrowser(options: { shared?: boolean } = {}): Promise<LaunchedBrowser> {
  const executablePath = chromiumExecutable();
  const userDataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'beatcrate-e2e-chromium-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      // With 'shell' puppeteer adds plain `--headless`, the same switch as ours (the new headless
      // mode in current Chromium). Don't use ignoreDefaultArgs here: it filters our args too.
      headless: 'shell',
      args: [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`],
      pipe: !options.shared,
    });
  } catch (error) {
    await removeProfile(userDataDir);
    throw error;
  }
  let closed = false;
  return {
    browser,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await browser.close();
      } finally {
        await removeProfile(userDataDir);
      }
    },
  };
}

async function removeProfile(dir: string): Promise<void> {
  // Chromium may still be flushing its profile for a moment after exit.
  await fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
