import { TIMERS_MS } from '../shared/domain/constants';

const LAST_RELOAD_KEY = 'beatcrate:chunkReloadAt';

/** A script chunk that failed to load: webpack's ChunkLoadError, or a dynamic import that failed to fetch. */
export function isChunkLoadFailure(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  return reason.name === 'ChunkLoadError' || /Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module/.test(reason.message);
}

/**
 * SPEC §4: a chunk that fails to load (usually a deploy replaced it) reloads the page, at most
 * once a minute, so a chunk that is really gone does not reload forever.
 */
export function reloadAfterChunkFailure(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(LAST_RELOAD_KEY) ?? '');
  if (Number.isFinite(last) && last > 0 && now - last < TIMERS_MS.chunkReloadGuard) return false;
  storage.setItem(LAST_RELOAD_KEY, String(now));
  reload();
  return true;
}

/** Reloads the page when `reason` is a chunk-load failure (and the guard allows). */
export function reloadIfChunkFailure(reason: unknown, target: Window = window): void {
  if (!isChunkLoadFailure(reason)) return;
  try {
    reloadAfterChunkFailure(target.sessionStorage, Date.now(), () => target.location.reload());
  } catch {
    // Storage refused (privacy mode): without the guard a reload could loop, so stay.
  }
}

/** Listens for chunk-load failures anywhere in the page. */
export function watchChunkLoadFailures(target: Window): void {
  target.addEventListener('unhandledrejection', (event) => reloadIfChunkFailure(event.reason, target));
  target.addEventListener('error', (event) => reloadIfChunkFailure(event.error, target));
}
