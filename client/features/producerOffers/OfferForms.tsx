import { useState } from 'react';
import { Form } from 'react-final-form';
import { is } from 'superstruct';
import type { FieldErrors } from '../../../shared/api/apiClient';
import {
  offerEditClosed,
  offerEditSubmitted,
  offerRefusalDismissed,
  offerSubmitted,
  selectNewOfferForm,
} from '../../../shared/features/producerOffers/producerOffersSlice';
import type { StudioForm } from '../../../shared/features/studio/studioSlice';
import { OFFER_LIMITS, OfferForm, type ProducerOffer } from '../../../shared/schemas/producerOffers';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { TextAreaField } from '../pages/formFields';
import { ErrorBanner } from '../popup/Popup';
import { formValuesOf, offerFormErrors, type OfferFormValues, termsOf } from './offerForm';

/** What an offer states, the same when it is made and when it is changed. `serverErrors`: the `errors` of the server's 400. */
function OfferFields({ serverErrors }: { serverErrors: FieldErrors }) {
  const { priceUsd, deliveryDays } = OFFER_LIMITS;
  return (
    <>
      <TextField name="name" label="Name" placeholder="e.g. Mixing and mastering" serverError={serverErrors.name} />
      <TextAreaField name="description" label="Description" rows={4} serverError={serverErrors.description} />
      <div className="studio-form__row">
        <TextField name="priceCents" label={`Price (USD, ${priceUsd.min}–${priceUsd.max})`} type="number" serverError={serverErrors.priceCents} />
        <TextField name="deliveryDays" label={`Delivery days (${deliveryDays.min}–${deliveryDays.max})`} type="number" serverError={serverErrors.deliveryDays} />
      </div>
    </>
  );
}

/** "Offer a service": checked with OfferForm before it is sent; empty again once the offer is made. */
export function NewOfferForm() {
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectNewOfferForm);
  const sending = form.status === 'sending';
  return (
    <Form<OfferFormValues>
      // A new form after each offer made: what was typed for it is not offered twice.
      key={form.made}
      validate={offerFormErrors}
      onSubmit={(values) => {
        const terms = termsOf(values);
        // `validate` has checked it already; this narrows it for the compiler.
        if (is(terms, OfferForm.body)) dispatch(offerSubmitted(terms));
      }}
      render={({ handleSubmit }) => (
        <form className="page-form studio-form site-card studio-offer-form" onSubmit={handleSubmit} noValidate aria-labelledby="new-offer-heading">
          <h2 id="new-offer-heading">Offer a service</h2>
          {form.status === 'failed' && form.message && <ErrorBanner message={form.message} onDismiss={() => dispatch(offerRefusalDismissed())} />}
          <fieldset className="studio-form__fields" disabled={sending}>
            <OfferFields serverErrors={form.status === 'failed' ? form.errors : {}} />
          </fieldset>
          <div className="studio-form__actions">
            <button type="submit" disabled={sending}>
              {sending ? 'Offering…' : 'Offer this service'}
            </button>
          </div>
        </form>
      )}
    />
  );
}

/** An offer's terms, changed in place under the offer (PUT /studio/offers/:id). */
export function EditOfferForm({ offer, form }: { offer: ProducerOffer; form: StudioForm }) {
  const dispatch = useAppDispatch();
  // Taken once: the values typed are not reset while the form is open.
  const [initialValues] = useState(() => formValuesOf(offer));
  const sending = form.status === 'sending';
  return (
    <Form<OfferFormValues>
      initialValues={initialValues}
      validate={offerFormErrors}
      onSubmit={(values) => {
        const terms = termsOf(values);
        if (is(terms, OfferForm.body)) dispatch(offerEditSubmitted(offer.id, terms));
      }}
      render={({ handleSubmit }) => (
        <form className="page-form studio-form" onSubmit={handleSubmit} noValidate aria-label={`Edit ${offer.name}`}>
          {form.status === 'failed' && form.message && <ErrorBanner message={form.message} onDismiss={() => dispatch(offerEditClosed())} />}
          <fieldset className="studio-form__fields" disabled={sending}>
            <OfferFields serverErrors={form.status === 'failed' ? form.errors : {}} />
          </fieldset>
          <div className="studio-form__actions">
            <button type="submit" disabled={sending}>
              {sending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="studio-button studio-button--quiet" onClick={() => dispatch(offerEditClosed())}>
              Cancel
            </button>
          </div>
        </form>
      )}
    />
  );
}
