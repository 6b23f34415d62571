import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { runSoon } from '../jobs/jobRunner';
import type { Logger } from '../logging/logger';
import { renderMasterOffThread } from '../media/renderMasterOffThread';
import { mediaStorageSettings } from '../media/storage/openMediaStorage';
import { demoLoopOf } from '../seed/demoCatalogue';
import { beatSourceOf } from './beatFiles';

export const MASTERS_JOB = 'beat-masters';
/** A backstop: a sale makes the job due at once (renderMastersSoon); this retries a failed render. */
export const MASTERS_JOB_EVERY_MS = 60_000;

/** Sold beats no run has dealt with yet, from their live download links (a refunded order's are revoked). */
async function beatsAwaitingMasters(deps: AppDeps): Promise<number[]> {
  const rows = await deps.database.query
    .selectFrom('commerce_downloads')
    .select('product_id')
    .distinct()
    .where('kind', 'in', ['beat', 'projectFile'])
    .where('revoked', '=', 0)
    .where('product_id', 'not in', (eb) => eb.selectFrom('beat_masters').select('product_id'))
    .orderBy('product_id')
    .execute();
  return rows.map((row) => Number(row.product_id));
}

async function record(deps: AppDeps, productId: number, source: 'rendered' | 'uploaded'): Promise<void> {
  await deps.database.transaction((tx) =>
    tx
      .insertInto('beat_masters')
      .values({ product_id: productId, source, recorded_at: deps.clock.now().getTime() })
      .onConflict((conflict) => conflict.column('product_id').doNothing())
      .execute(),
  );
}

/**
 * The masters job (issue 14): each sold demo beat gets its full-length master rendered once, on a
 * worker thread, and kept under its private key, so storage holds only what was sold. An uploaded
 * beat's master is the producer's file and needs nothing. A render that fails is logged and tried
 * again at the next run; the others go on. A master already stored (a run that died after the
 * put) is recorded without rendering again.
 */
export async function renderSoldMasters(deps: AppDeps, log: Logger = deps.log): Promise<void> {
  const failures: string[] = [];
  for (const productId of await beatsAwaitingMasters(deps)) {
    const { state } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
    const source = beatSourceOf(state, productId);
    if (source.from === 'upload') {
      await record(deps, productId, 'uploaded');
      continue;
    }
    try {
      if (!(await deps.media.exists(source.masterKey))) {
        const started = performance.now();
        const { durationSeconds } = await renderMasterOffThread(demoLoopOf(productId), source.masterKey, mediaStorageSettings(deps.config));
        const seconds = (performance.now() - started) / 1000;
        log.info({ productId, durationSeconds: Math.round(durationSeconds), seconds }, `Rendered the master of beat ${productId} (${durationSeconds.toFixed(0)} s of audio) in ${seconds.toFixed(1)} s`);
      }
      await record(deps, productId, 'rendered');
    } catch (error) {
      failures.push(`beat ${productId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length > 0) throw new Error(`Masters not rendered: ${failures.join('; ')}`);
}

/** Called once a payment is recorded: the buyer's master is wanted now, not at the next scheduled run. */
export const renderMastersSoon = (deps: AppDeps) => runSoon(deps.database, MASTERS_JOB, deps.clock.now());
