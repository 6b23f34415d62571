import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '../../../server/build/clientBuild';
import { silentLogger } from '../../../server/logging/logger';
import { type LaunchedBrowser, launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';
import { publishSharedFixtures, SHARED_SERVER_ENV } from './sharedFixtures';

/** What globalTeardown, in this same process, stops. */
export interface SharedRun {
  chromium: LaunchedBrowser;
  server: RunningServer;
  logDir: string;
}
export const SHARED_RUN = Symbol.for('beatcrate.e2e.sharedRun');
type WithSharedRun = typeof globalThis & { [SHARED_RUN]?: SharedRun };

/**
 * Jest runs this only when a Chromium suite is selected: one Chromium and one server (default
 * settings) for all of them, instead of one of each per file.
 */
export default async function chromiumGlobalSetup(): Promise<void> {
  // Chromium first: a missing browser should fail in a second, not after a client build.
  const chromium = await launchBrowser({ shared: true });
  const logDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'beatcrate-e2e-shared-'));
  let server: RunningServer;
  try {
    await ensureClientBuild(silentLogger);
    server = await startServer({ env: SHARED_SERVER_ENV, logFile: path.join(logDir, 'server.log') });
  } catch (error) {
    await chromium.close();
    await fs.promises.rm(logDir, { recursive: true, force: true });
    throw error;
  }
  (globalThis as WithSharedRun)[SHARED_RUN] = { chromium, server, logDir };
  const claimsDir = path.join(logDir, 'claimed-beats');
  await fs.promises.mkdir(claimsDir);
  publishSharedFixtures({
    browserWSEndpoint: chromium.browser.wsEndpoint(),
    server: { baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, logFile: path.join(logDir, 'server.log') },
    claimsDir,
  });
}
