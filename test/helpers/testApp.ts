import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../../server/app';
import type { AppDeps, Clock } from '../../server/appDeps';
import { loadConfig } from '../../server/config';
import { closeAppDeps, openAppDeps } from '../../server/services';
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

/** The real app on a real database, listening on a free loopback port. */
export async function startTestApp(options: { clock?: Clock; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase();
  const config = testConfig({ ...options.env, DATABASE_URL: database.url });
  const deps = await openAppDeps(config, options.clock);
  const app = createApp(deps, { assets: TEST_ASSETS });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    deps,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      try {
        await closeAppDeps(deps);
      } finally {
        await database.drop();
      }
    },
  };
}
