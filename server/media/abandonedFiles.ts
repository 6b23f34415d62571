import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../appDeps';
import { REQUEST_TIMEOUT_MS } from '../http/requestTimeout';
import type { Logger } from '../logging/logger';

export const ABANDONED_FILES_JOB = 'abandoned-files';
export const ABANDONED_FILES_EVERY_MS = 60 * 60_000;
/**
 * A file nobody has written to for this long was left by a process that died: an upload keeps
 * writing while its bytes arrive and ends within the request timeout, processing copies a master
 * in one go. The slack covers servers whose clocks are a little apart on a shared disk.
 */
export const ABANDONED_AFTER_MS = REQUEST_TIMEOUT_MS + 5 * 60_000;

/** Processing's local copies of masters (beatProcessing.ts): a folder each, in the system's temporary folder. */
export const TEMP_MASTER_PREFIX = 'beatcrate-master-';

/** The newest modification under a temporary master's folder: its copy is written into it after the folder is made. */
async function lastWritten(dir: string): Promise<Date | null> {
  const stats = await fsp.stat(dir).catch(() => null);
  if (!stats) return null;
  let newest = stats.mtime;
  for (const name of await fsp.readdir(dir).catch(() => [])) {
    const inner = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (inner && inner.mtime > newest) newest = inner.mtime;
  }
  return newest;
}

async function sweepTempMasters(tmp: string, before: Date): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(tmp)) {
    if (!name.startsWith(TEMP_MASTER_PREFIX)) continue;
    const dir = path.join(tmp, name);
    const written = await lastWritten(dir);
    if (!written || written >= before) continue;
    await fsp.rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * The 'abandoned-files' job, at start-up and hourly: removes what a killed server left on disk
 * (media storage's partial writes, processing's temporary masters) once nothing has written to
 * it for ABANDONED_AFTER_MS by the server's clock, so an upload or processing still running, on
 * this server or another sharing the disk, keeps its file.
 */
export async function sweepAbandonedFiles(deps: AppDeps, log: Logger = deps.log): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - ABANDONED_AFTER_MS);
  const partials = await deps.media.sweepAbandoned(before);
  const masters = await sweepTempMasters(deps.config.tempDir, before);
  if (partials + masters > 0) log.info({ partials, masters }, `Removed ${partials} abandoned partial media file(s) and ${masters} temporary master copy(ies)`);
}
