// First: it settles which builds of React and its kin every later import loads.
import { givenEnvironment } from './productionLibraries';
import type { Server } from 'node:http';
import { constants } from 'node:os';
import { createApp } from './app';
import { ensureClientBuild } from './build/clientBuild';
import { loadConfig } from './config';
import { backgroundJobs } from './jobs/backgroundJobs';
import { KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './http/requestTimeout';
import { JobRunner } from './jobs/jobRunner';
import { logger } from './logging/logger';
import { mediaStorageSettings, openMediaStorage } from './media/storage/openMediaStorage';
import { seedDemoCatalogue } from './seed/seedDemoCatalogue';
import { closeAppDeps, openAppDeps } from './services';
import { readClientAssets } from './ssr/assetManifest';
import { startupFailureLine, startupStep, withoutPassword } from './startupFailure';

const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Until the server is up, Ctrl-C (or SIGTERM) stops it at once: what the start had done stays
 * done, and the next start finishes the rest (the client is built again when its build did not
 * finish; the demo seed takes up from its journal).
 */
function stopDuringStartUp(signal: NodeJS.Signals): void {
  logger.info({ phase: 'start-up', signal }, `${signal} during start-up: stopped. The next start finishes what this one began.`);
  process.exit(128 + constants.signals[signal]);
}

async function main() {
  // One listener per signal for the whole life of the process, which changes what it does: a
  // signal that arrives while a listener is being swapped for another would be lost.
  let onSignal: (signal: NodeJS.Signals) => void = stopDuringStartUp;
  process.on('SIGINT', (signal) => onSignal(signal));
  process.on('SIGTERM', (signal) => onSignal(signal));
  const config = loadConfig(givenEnvironment);
  logger.level = config.logLevel;
  await startupStep('building the client', () => ensureClientBuild(logger.child({ phase: 'client-build' })));
  const media = await startupStep(`opening the media storage ${config.s3 ? `(S3 bucket ${config.s3.bucket})` : config.mediaDir}`, () =>
    openMediaStorage(mediaStorageSettings(config)),
  );
  const deps = await startupStep(`opening the database ${withoutPassword(config.databaseUrl)}`, () => openAppDeps(config, undefined, media, logger));
  await startupStep('seeding the demo catalogue', () => seedDemoCatalogue(deps, logger.child({ phase: 'seed' }), { media: mediaStorageSettings(config), activity: config.demoActivity }));
  const shutdown = new AbortController();
  const app = createApp(deps, { assets: readClientAssets(), shutdown: shutdown.signal });
  const server: Server = app.listen(config.port);
  // The headers must still come within headersTimeout, which is what holds off slow-header attacks.
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await startupStep(`listening on port ${config.port}`, () =>
    new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    }),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Due jobs are looked for every second: an upload waits for the 'beat-processing' job. Each run's lines carry its `job`.
  const jobs = new JobRunner(deps.database, deps.clock, backgroundJobs(deps), { log: logger, pollMs: 1_000 });
  const jobsStarted = jobs.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const stopLog = logger.child({ phase: 'shutdown' });
    stopLog.info({ signal }, `${signal}: finishing open requests, then closing the database`);
    // Idle keep-alive sockets close now; busy ones after their response, or at the deadline.
    // Account streams never finish by themselves, so they end first.
    shutdown.abort();
    // No job starts from now on; one running finishes before the database closes.
    const jobsStopped = jobsStarted.then(
      () => jobs.stop(),
      () => undefined,
    );
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    await closed;
    clearTimeout(deadline);
    await jobsStopped;
    await closeAppDeps(deps);
    stopLog.info('Stopped cleanly');
    process.exit(0);
  };
  // From the listening line on, a signal stops the server as one that is up: open requests finish first.
  onSignal = (signal) => void stop(signal);
  const startedIn = process.uptime();
  logger.info(
    { phase: 'listening', port, database: deps.database.kind, startedInSeconds: Number(startedIn.toFixed(1)) },
    `Beatcrate is listening on http://localhost:${port} (database: ${deps.database.kind}), started in ${startedIn.toFixed(1)} s`,
  );
  await jobsStarted;
}

// One line and no stack trace: what to fix is in the message, and process managers log each line apart.
main().catch((error: unknown) => {
  logger.fatal({ phase: 'start-up' }, startupFailureLine(error));
  process.exit(1);
});
