import { OFFER_LIMITS, type OfferTerms, type ProducerOffer } from '../../shared/schemas/producerOffers';
import type { AppDeps } from '../appDeps';
import { nextId } from '../db/idSequences';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import { OFFER_NOT_FOUND, producerOfferDecider, type ProducerOfferCommand } from '../domain/producerOffer/producerOfferDecider';
import { producerOfferStreamId, type OfferTermsData } from '../domain/producerOffer/producerOfferEvents';

export const TOO_MANY_OFFERS = `You offer ${OFFER_LIMITS.perProducer} services already: withdraw one before you add another`;

const cleaned = (terms: OfferTerms): OfferTermsData => ({ ...terms, name: terms.name.trim(), description: terms.description.trim() });

async function run(deps: AppDeps, offerId: number, command: ProducerOfferCommand) {
  const { position } = await handleCommand(deps.eventStore, producerOfferStreamId(offerId), producerOfferDecider, command);
  await deps.projector.waitFor(position);
}

/**
 * Live offers with their producer's public name, of producers still in the shop: a blocked or
 * erased producer's offers leave their page with their beats, and cannot be ordered.
 */
function liveOffersQuery(deps: AppDeps) {
  return deps.database.query
    .selectFrom('producer_offers')
    .innerJoin('catalogue_producers', 'catalogue_producers.id', 'producer_offers.producer_id')
    .innerJoin('producer_verifications', 'producer_verifications.producer_id', 'producer_offers.producer_id')
    .innerJoin('users', 'users.id', 'producer_verifications.user_id')
    .select([
      'producer_offers.offer_id',
      'producer_offers.producer_id',
      'producer_offers.name',
      'producer_offers.description',
      'producer_offers.price_cents',
      'producer_offers.delivery_days',
      'catalogue_producers.artist_name',
      'catalogue_producers.short_name',
    ])
    .where('producer_offers.live', '=', 1)
    .where('users.blocked', '=', 0);
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof liveOffersQuery>['execute']>>[number];

const toOffer = (row: OfferRow): ProducerOffer => ({
  id: Number(row.offer_id),
  producerId: Number(row.producer_id),
  producerName: row.artist_name,
  producerUrl: row.short_name,
  name: row.name,
  description: row.description,
  price: Number(row.price_cents) / 100,
  deliveryDays: Number(row.delivery_days),
});

/** A producer's live offers, oldest first (the order they built their page in). */
export async function offersOf(deps: AppDeps, producerId: number): Promise<ProducerOffer[]> {
  const rows = await liveOffersQuery(deps).where('producer_offers.producer_id', '=', producerId).orderBy('published_at').orderBy('producer_offers.offer_id').execute();
  return rows.map(toOffer);
}

/** One live offer a buyer may order; null when withdrawn, unknown, or its producer left the shop. */
export async function liveOffer(deps: AppDeps, offerId: number): Promise<ProducerOffer | null> {
  const row = await liveOffersQuery(deps).where('producer_offers.offer_id', '=', offerId).executeTakeFirst();
  return row ? toOffer(row) : null;
}

export async function requireOwnOffer(deps: AppDeps, producerId: number, offerId: number): Promise<ProducerOffer> {
  const offer = await liveOffer(deps, offerId);
  if (!offer || offer.producerId !== producerId) throw new DomainError(OFFER_NOT_FOUND, 404);
  return offer;
}

export async function publishOffer(deps: AppDeps, producerId: number, terms: OfferTerms): Promise<ProducerOffer> {
  const { count } = await deps.database.query
    .selectFrom('producer_offers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('producer_id', '=', producerId)
    .where('live', '=', 1)
    .executeTakeFirstOrThrow();
  if (Number(count) >= OFFER_LIMITS.perProducer) throw new DomainError(TOO_MANY_OFFERS);
  const offerId = await nextId(deps.database, 'offer');
  await run(deps, offerId, { type: 'PublishOffer', offerId, producerId, terms: cleaned(terms), at: deps.clock.now().toISOString() });
  return requireOwnOffer(deps, producerId, offerId);
}

export async function reviseOffer(deps: AppDeps, producerId: number, offerId: number, terms: OfferTerms): Promise<ProducerOffer> {
  await run(deps, offerId, { type: 'ReviseOffer', producerId, terms: cleaned(terms), at: deps.clock.now().toISOString() });
  return requireOwnOffer(deps, producerId, offerId);
}

export async function withdrawOffer(deps: AppDeps, producerId: number, offerId: number): Promise<void> {
  await run(deps, offerId, { type: 'WithdrawOffer', producerId, at: deps.clock.now().toISOString() });
}
