import fs from 'node:fs';
import { SHARED_RUN, type SharedRun } from './chromiumGlobalSetup';

/** Jest runs this after the Chromium suites, also when some failed: it stops the shared Chromium and server. */
export default async function chromiumGlobalTeardown(): Promise<void> {
  const holder = globalThis as typeof globalThis & { [SHARED_RUN]?: SharedRun };
  const run = holder[SHARED_RUN];
  if (!run) throw new Error('The shared Chromium and server of chromiumGlobalSetup are gone');
  delete holder[SHARED_RUN];
  const results = await Promise.allSettled([run.chromium.close(), run.server.stop()]);
  await fs.promises.rm(run.logDir, { recursive: true, force: true });
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
