import type { PendingTrack } from '../../shared/schemas/moderation';
import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';

/** Beats processed and waiting for a moderator, oldest first, with what a moderator listens to. */
export async function pendingTracks(deps: AppDeps): Promise<PendingTrack[]> {
  const rows = await deps.database.query
    .selectFrom('studio_products as beat')
    .leftJoin('catalogue_producers as producer', 'producer.id', 'beat.producer_id')
    .select(['beat.product_id', 'beat.name', 'beat.producer_id', 'producer.artist_name', 'beat.price_cents', 'beat.duration_seconds', 'beat.preview_src', 'beat.cover_image_src', 'beat.submitted_at'])
    .where('beat.status', '=', 'pending')
    .orderBy('beat.submitted_at')
    .orderBy('beat.product_id')
    .execute();
  return rows.map((row) => ({
    productId: Number(row.product_id),
    name: row.name,
    producerId: Number(row.producer_id),
    producerName: row.artist_name ?? '',
    priceCents: Number(row.price_cents),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    previewSrc: row.preview_src,
    coverImageSrc: row.cover_image_src,
    submittedAt: new Date(Number(row.submitted_at)).toISOString(),
  }));
}

export async function decideTrack(deps: AppDeps, productId: number, decision: { approve: true } | { approve: false; reason: string }, moderatorId: number): Promise<void> {
  const command = decision.approve
    ? ({ type: 'ApproveProduct', productId, by: moderatorId } as const)
    : ({ type: 'RejectProduct', productId, by: moderatorId, reason: decision.reason } as const);
  const { append } = await handleCommand(deps.eventStore, productStreamId(productId), productDecider, command);
  if (append) await deps.projector.waitFor(append.lastPosition);
}
