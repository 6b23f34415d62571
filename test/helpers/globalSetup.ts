import { ensureClientBuild } from '../../server/build/clientBuild';

/** Builds the client once, before test files that start the real server run side by side. */
export default async function globalSetup(): Promise<void> {
  await ensureClientBuild(() => undefined);
}
