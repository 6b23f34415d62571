import { UPLOAD_LIMITS } from '../../shared/schemas/studio';
import type { AppDeps } from '../appDeps';
import { HttpError } from '../http/endpoint';
import { REQUEST_TIMEOUT_MS } from '../http/requestTimeout';

export const QUEUE_FULL = `${UPLOAD_LIMITS.waitingPerProducer} of your beats are being uploaded or processed; upload the next one when one of them is done`;

/** Slack over the request timeout for clocks a little apart between servers. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Takes one of the producer's upload slots for `productId`, or answers 429 when all are held. A
 * slot is held from before the upload's first byte is read until its product leaves `processing`
 * (processed, failed or withdrawn): counting uploads and then storing one would let parallel
 * uploads all pass the count. Each slot is a row keyed by (producer, slot number): a free number
 * is taken with an insert that the primary key lets only one upload win, and a slot whose holder
 * is done is taken over with an UPDATE conditional on that holder, which only one upload matches,
 * on SQLite and PostgreSQL alike, however many servers share the database. An upload whose server
 * died leaves a slot without a product; it is free once the request could no longer be running.
 */
export async function claimUploadSlot(deps: AppDeps, producerId: number, productId: number): Promise<void> {
  const now = deps.clock.now().getTime();
  const held = await deps.database.query
    .selectFrom('upload_slots as s')
    .leftJoin('studio_products as p', 'p.product_id', 's.product_id')
    .select(['s.slot', 's.product_id', 's.arriving_until', 'p.status'])
    .where('s.producer_id', '=', producerId)
    .execute();
  const arrivingUntil = now + REQUEST_TIMEOUT_MS + CLOCK_SLACK_MS;
  for (let slot = 0; slot < UPLOAD_LIMITS.waitingPerProducer; slot++) {
    const holder = held.find((row) => Number(row.slot) === slot);
    if (!holder) {
      const inserted = await deps.database.transaction((tx) =>
        tx
          .insertInto('upload_slots')
          .values({ producer_id: producerId, slot, product_id: productId, arriving_until: arrivingUntil })
          .onConflict((conflict) => conflict.columns(['producer_id', 'slot']).doNothing())
          .executeTakeFirst(),
      );
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return;
      continue;
    }
    const done = holder.status === null ? Number(holder.arriving_until) <= now : holder.status !== 'processing';
    if (!done) continue;
    const taken = await deps.database.transaction((tx) =>
      tx
        .updateTable('upload_slots')
        .set({ product_id: productId, arriving_until: arrivingUntil })
        .where('producer_id', '=', producerId)
        .where('slot', '=', slot)
        .where('product_id', '=', holder.product_id)
        .executeTakeFirst(),
    );
    if (taken.numUpdatedRows === 1n) return;
  }
  throw new HttpError(429, QUEUE_FULL);
}

/** Gives the slot back at once when the upload was refused or broke off: no product will hold it. */
export async function releaseUploadSlot(deps: AppDeps, producerId: number, productId: number): Promise<void> {
  await deps.database.transaction((tx) => tx.deleteFrom('upload_slots').where('producer_id', '=', producerId).where('product_id', '=', productId).execute());
}
