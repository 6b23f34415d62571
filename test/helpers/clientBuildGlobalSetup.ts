import { ensureClientBuild } from '../../server/build/clientBuild';
import { silentLogger } from '../../server/logging/logger';

/** Builds the client when it is stale, once, before the suites that start `npm start`'s entry or read the build. */
export default async function clientBuildGlobalSetup(): Promise<void> {
  await ensureClientBuild(silentLogger);
}
