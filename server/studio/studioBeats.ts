import type { BeatDetails, StudioBeat } from '../../shared/schemas/studio';
import type { AppDeps } from '../appDeps';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { HttpError } from '../http/endpoint';
import { producerIdOf } from '../producers/producerOfAccount';
import { decodeStoredDetails } from './storedDetails';

export const VERIFICATION_NEEDED = 'Complete identity verification to start selling tracks';

export async function requireProducerId(deps: AppDeps, userId: number): Promise<number> {
  const producerId = await producerIdOf(deps, userId);
  if (producerId === null) throw new HttpError(403, VERIFICATION_NEEDED);
  return producerId;
}

export async function studioBeats(deps: AppDeps, producerId: number): Promise<StudioBeat[]> {
  const rows = await deps.database.query
    .selectFrom('studio_products')
    .selectAll()
    .where('producer_id', '=', producerId)
    .where('status', '!=', 'withdrawn')
    .orderBy('submitted_at', 'desc')
    .orderBy('product_id', 'desc')
    .execute();
  return rows.map((row) => ({
    productId: Number(row.product_id),
    name: row.name,
    status: row.status,
    message: row.message,
    priceCents: Number(row.price_cents),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    coverImageSrc: row.cover_image_src,
    submittedAt: new Date(Number(row.submitted_at)).toISOString(),
    details: decodeStoredDetails(row.details),
    hasStems: row.has_stems === 1,
  }));
}

export async function changeBeat(deps: AppDeps, producerId: number, productId: number, details: BeatDetails): Promise<void> {
  const { position } = await handleCommand(deps.eventStore, productStreamId(productId), productDecider, { type: 'ChangeDetails', productId, producerId, details });
  await deps.projector.waitFor(position);
}

export async function withdrawBeat(deps: AppDeps, producerId: number, productId: number): Promise<void> {
  const { position } = await handleCommand(deps.eventStore, productStreamId(productId), productDecider, { type: 'WithdrawProduct', productId, producerId });
  await deps.projector.waitFor(position);
}
