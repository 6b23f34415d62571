import { array, define, type Infer, integer, number, object, string } from 'superstruct';
import { formAndBody } from './customOrders';
import { requiredText } from './pages';

/**
 * A producer's own custom services (issue 15, SPEC §1 "order custom-made music services from
 * producers"): what the producer offers on their page, priced and timed by them.
 */
export const OFFER_LIMITS = {
  name: { min: 3, max: 80 },
  description: { min: 20, max: 1000 },
  priceUsd: { min: 5, max: 5000 },
  deliveryDays: { min: 1, max: 60 },
  /** Live offers per producer: a page of services, not a second catalogue. */
  perProducer: 10,
} as const;

const priceCents = define<number>(
  'priceCents',
  (value) =>
    (Number.isInteger(value) && Number(value) >= OFFER_LIMITS.priceUsd.min * 100 && Number(value) <= OFFER_LIMITS.priceUsd.max * 100) ||
    `The price must be from $${OFFER_LIMITS.priceUsd.min} to $${OFFER_LIMITS.priceUsd.max}`,
);

const deliveryDays = define<number>(
  'deliveryDays',
  (value) =>
    (Number.isInteger(value) && Number(value) >= OFFER_LIMITS.deliveryDays.min && Number(value) <= OFFER_LIMITS.deliveryDays.max) ||
    `Delivery must take from ${OFFER_LIMITS.deliveryDays.min} to ${OFFER_LIMITS.deliveryDays.max} days`,
);

/** POST /studio/offers and PUT /studio/offers/:id. */
export const OfferForm = formAndBody({
  name: requiredText('Name', OFFER_LIMITS.name.min, OFFER_LIMITS.name.max),
  description: requiredText('Description', OFFER_LIMITS.description.min, OFFER_LIMITS.description.max),
  priceCents,
  deliveryDays,
});
export type OfferTerms = Infer<typeof OfferForm.body>;

export const ProducerOfferSchema = object({
  id: integer(),
  producerId: integer(),
  producerName: string(),
  /** The producer's page: `/{producerUrl}`. */
  producerUrl: string(),
  name: string(),
  description: string(),
  /** USD. */
  price: number(),
  deliveryDays: integer(),
});
export type ProducerOffer = Infer<typeof ProducerOfferSchema>;
export const ProducerOfferListSchema = object({ offers: array(ProducerOfferSchema) });
