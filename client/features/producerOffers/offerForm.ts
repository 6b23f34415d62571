import { formErrors } from '../../../shared/schemas/pages';
import { OfferForm, type ProducerOffer } from '../../../shared/schemas/producerOffers';

/**
 * An offer as typed, its fields named as OfferTerms' so that the schema's messages (in the
 * browser and in a 400's `errors`) land beside the field they are about. The price is typed in dollars.
 */
export interface OfferFormValues {
  name?: string;
  description?: string;
  priceCents?: string;
  deliveryDays?: string;
}

const numberOrNothing = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : Number(text));

/** OfferTerms as the form says them, still to be checked by OfferForm. */
export function termsOf(values: OfferFormValues): unknown {
  const dollars = numberOrNothing(values.priceCents);
  return {
    name: values.name ?? '',
    description: values.description ?? '',
    priceCents: dollars === undefined ? undefined : Math.round(dollars * 100),
    deliveryDays: numberOrNothing(values.deliveryDays),
  };
}

export const offerFormErrors = (values: OfferFormValues) => formErrors(termsOf(values), OfferForm.form);

/** The edit form starts from what buyers see now. */
export const formValuesOf = (offer: ProducerOffer): OfferFormValues => ({
  name: offer.name,
  description: offer.description,
  priceCents: offer.price.toFixed(2),
  deliveryDays: String(offer.deliveryDays),
});
