import { GENRES } from '../../shared/domain/catalogue/genres';
import { MOODS } from '../../shared/domain/catalogue/filterOptions';
import type { PendingTrack } from '../../shared/schemas/moderation';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { producerIsBlocked } from '../admin/blockAccount';
import { HttpError } from '../http/endpoint';

const namesOf = (ids: readonly number[], options: readonly { id: number; name: string }[]) =>
  ids.flatMap((id) => options.find((option) => option.id === id)?.name ?? []);

/**
 * Beats processed and waiting for a moderator, oldest first, with what a moderator listens to and
 * checks. The studio read model finds them; what the producer stated (genres, moods, BPM, key) and
 * the preview come from each beat's own stream, which a short queue reads cheaply. A beat decided
 * on since the read model was written is left out.
 */
export async function pendingTracks(deps: AppDeps): Promise<PendingTrack[]> {
  const rows = await deps.database.query
    .selectFrom('studio_products as beat')
    .leftJoin('catalogue_producers as producer', 'producer.id', 'beat.producer_id')
    .select(['beat.product_id', 'beat.producer_id', 'producer.artist_name', 'producer.short_name', 'beat.submitted_at'])
    .where('beat.status', '=', 'pending')
    .orderBy('beat.submitted_at')
    .orderBy('beat.product_id')
    .execute();
  const tracks: PendingTrack[] = [];
  for (const row of rows) {
    const productId = Number(row.product_id);
    const { state } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
    if (state.status !== 'pending') continue;
    const { details } = state.submission;
    tracks.push({
      productId,
      name: details.name.trim(),
      producerId: Number(row.producer_id),
      producerName: row.artist_name ?? '',
      producerShortName: row.short_name ?? '',
      genres: namesOf(details.genreIds, GENRES),
      moods: namesOf(details.moodIds, MOODS),
      bpm: details.bpm,
      key: details.key,
      scale: details.scale,
      priceCents: details.priceCents,
      durationSeconds: state.processed.master.durationSeconds,
      previewSrc: state.processed.preview.src,
      previewDurationSeconds: state.processed.preview.durationSeconds,
      previewPeaks: state.processed.preview.peaks,
      coverImageSrc: state.processed.coverImageSrc,
      submittedAt: new Date(Number(row.submitted_at)).toISOString(),
    });
  }
  return tracks;
}

export async function decideTrack(deps: AppDeps, productId: number, decision: { approve: true } | { approve: false; reason: string }, moderatorId: number): Promise<void> {
  if (decision.approve) {
    const beat = await deps.database.query.selectFrom('studio_products').select('producer_id').where('product_id', '=', productId).executeTakeFirst();
    // Approving would list it while its producer's other beats are withheld.
    if (beat && (await producerIsBlocked(deps, Number(beat.producer_id)))) throw new HttpError(409, 'The producer of this beat is blocked; unblock them before approving it');
  }
  const command = decision.approve
    ? ({ type: 'ApproveProduct', productId, by: moderatorId } as const)
    : ({ type: 'RejectProduct', productId, by: moderatorId, reason: decision.reason } as const);
  const { position } = await handleCommand(deps.eventStore, productStreamId(productId), productDecider, command);
  await deps.projector.waitFor(position);
}
