import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../../server/app';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../server/http/requestTimeout';
import type { AppDeps, Clock } from '../../server/appDeps';
import { loadConfig } from '../../server/config';
import type { Logger } from '../../server/logging/logger';
import { closeAppDeps, openAppDeps } from '../../server/services';
import { offlineResolver } from './offlineResolver';
import { createTestDatabase, type TestDatabase } from './testDatabase';

export const TEST_ASSETS = { scripts: ['/assets/main.test.js'], styles: [] };

export interface TestApp {
  deps: AppDeps;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Settings for tests unless a test says otherwise: a captcha quick to solve (it is still solved),
 * and room for the many registrations test files make from the one loopback address.
 */
const TEST_ENV: NodeJS.ProcessEnv = { CAPTCHA_COMPLEXITY: '20', REGISTRATIONS_PER_HOUR: '1000' };

/** The configuration of a test's server: the test settings above, then the test's own. */
export const testConfig = (env: NodeJS.ProcessEnv) => ({ ...loadConfig({ ...TEST_ENV, ...env }), port: 0 });

/** The app over `deps`, listening on a free loopback port; `stop` ends its connections, not `deps`. */
export async function listenOnLoopback(deps: AppDeps): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const listening = createApp(deps, { assets: TEST_ASSETS }).listen(0, '127.0.0.1', () => resolve(listening));
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The real app on a real database, listening on a free loopback port; webhook receivers' names
 * resolve offline (offlineResolver.ts). `log`: where it logs (test/helpers/logLines.ts
 * `capturedLog`), for a test that reads what it logged; else the process's logger.
 */
export async function startTestApp(options: { clock?: Clock; env?: NodeJS.ProcessEnv; log?: Logger } = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase({ migrated: true });
  // A temporary folder of this app's own: the abandoned-files sweep of a test whose clock ran ahead removes only its own copies.
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-test-tmp-'));
  const deps = { ...(await openAppDeps(testConfig({ TEMP_DIR: tempDir, ...options.env, DATABASE_URL: database.url }), options.clock, undefined, options.log)), resolveHost: offlineResolver };
  const listening = await listenOnLoopback(deps);
  return {
    deps,
    baseUrl: listening.baseUrl,
    async close() {
      await listening.stop();
      try {
        await closeAppDeps(deps);
      } finally {
        fs.rmSync(tempDir, { recursive: true, force: true });
        await database.drop();
      }
    },
  };
}
