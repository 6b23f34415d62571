import fs from 'node:fs';
import { create, type Infer, object, string } from 'superstruct';
import { QUICK_CAPTCHA } from './robotCheck';
import type { ServerHandle } from './server';

/**
 * The Chromium and the server that the chromium project's globalSetup starts once for all its
 * test files. Jest runs those files in worker processes, so the endpoints travel in the
 * environment, which the workers inherit.
 */
const ENV_KEY = 'BEATCRATE_E2E_SHARED';

const SharedFixtures = object({
  browserWSEndpoint: string(),
  server: object({ baseUrl: string(), databaseUrl: string(), logFile: string() }),
  /** Where suites claim the demo beats they buy (beatsForSale.ts). */
  claimsDir: string(),
});
export type SharedFixtures = Infer<typeof SharedFixtures>;

/**
 * Every visitor of the shared server comes from 127.0.0.1, and all the suites visit it within a
 * few minutes: the per-address limits are sized for people, not for one test run. The captcha is
 * quick to solve on a busy test machine, and still solved.
 */
export const SHARED_SERVER_ENV: NodeJS.ProcessEnv = {
  ...QUICK_CAPTCHA,
  ACTION_LOG_BATCHES_PER_MINUTE: '100000',
  ACTION_LOG_ENTRIES_PER_MINUTE: '1000000',
  TRACK_PLAYS_PER_MINUTE: '100000',
  // Every suite registers its accounts from the one loopback address; the limit itself is tested in server/auth/registrationRules.int.test.ts.
  REGISTRATIONS_PER_HOUR: '100000',
  // The analytics console's suite registers a webhook receiver on this machine.
  WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: 'on',
};

export function publishSharedFixtures(fixtures: SharedFixtures): void {
  process.env[ENV_KEY] = JSON.stringify(fixtures);
}

export function sharedFixtures(): SharedFixtures {
  const published = process.env[ENV_KEY];
  if (!published) {
    throw new Error(
      'No shared Chromium: useServerAndBrowser() runs in the chromium jest project (test/e2e/), whose globalSetup ' +
        '(test/e2e/helpers/chromiumGlobalSetup.ts) starts it.',
    );
  }
  return create(JSON.parse(published), SharedFixtures);
}

/** The shared server as a test file sees it: its address, its database and what it printed so far. */
export function sharedServer(fixtures: SharedFixtures): ServerHandle {
  const { baseUrl, databaseUrl, logFile } = fixtures.server;
  return { baseUrl, databaseUrl, output: () => fs.readFileSync(logFile, 'utf8') };
}
