import { type FormEvent, useState } from 'react';
import { formatUsd, toCents } from '../../../shared/domain/money';
import {
  type CustomOrderChoice,
  customOrderRequested,
  selectCustomOrderBusy,
  selectCustomOrderError,
  selectOfferToOrder,
} from '../../../shared/features/customOrders/customOrdersSlice';
import { selectSoundServices } from '../../../shared/features/pages/pagesSlice';
import { CUSTOM_ORDER_LIMITS, CustomOrderRequest } from '../../../shared/schemas/customOrders';
import { formErrors } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SANDBOX_TEST_CARDS } from '../checkout/sandboxCards';

/** The select's value for the producer's offer (there is at most one); the shop's services go by their ids. */
const OFFER_CHOICE = 'offer';

const optionText = (name: string, priceUsd: number, deliveryDays: number) => `${name} — ${formatUsd(priceUsd)}, ${deliveryDays} days`;

/**
 * "Order a service": one of the shop's sound services, or the producer's offer the buyer came
 * for (chosen first), the job in the buyer's words, and the card; checked with the server's own
 * schema before it is sent, and paid at once.
 */
export function OrderServiceForm() {
  const dispatch = useAppDispatch();
  const services = useAppSelector(selectSoundServices) ?? [];
  const offerToOrder = useAppSelector(selectOfferToOrder);
  const offer = offerToOrder?.offer ?? null;
  const busy = useAppSelector(selectCustomOrderBusy) === 'order';
  const refused = useAppSelector(selectCustomOrderError);
  const [choice, setChoice] = useState<string>(offer ? OFFER_CHOICE : String(services[0]?.id ?? ''));
  const [brief, setBrief] = useState('');
  const [paymentMethodId, setPaymentMethodId] = useState<string>(SANDBOX_TEST_CARDS[0].id);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const service = services.find((candidate) => String(candidate.id) === choice);
  const picked: { description: string; priceUsd: number; order: CustomOrderChoice } | null =
    choice === OFFER_CHOICE && offer
      ? { description: offer.description, priceUsd: offer.price, order: { offerId: offer.id } }
      : service
        ? { description: service.description, priceUsd: service.priceUsd, order: { serviceId: service.id } }
        : null;
  const shown = { ...refused?.fieldErrors, ...errors };
  const serviceError = shown.serviceId ?? shown.offerId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    // The price the select shows is the one the server must charge.
    const expectedTotal = toCents(picked.priceUsd);
    const found = formErrors({ ...picked.order, brief, paymentMethodId, expectedTotal }, CustomOrderRequest.form);
    setErrors(found);
    if (Object.keys(found).length === 0) dispatch(customOrderRequested({ ...picked.order, paymentMethodId, expectedTotal }, brief));
  };
  const shopOptions = services.map((option) => (
    <option key={option.id} value={option.id}>
      {optionText(option.name, option.priceUsd, option.deliveryDays)}
    </option>
  ));

  return (
    <form className="site-card studio-form service-order-form" aria-labelledby="order-service-heading" onSubmit={submit} noValidate>
      <h2 id="order-service-heading">Order a service</h2>
      {offerToOrder && !offer && <p className="service-order-form__gone">That service is no longer offered.</p>}
      <fieldset className="studio-form__fields" disabled={busy}>
        <div className="field">
          <label htmlFor="custom-order-service">Service</label>
          <select
            id="custom-order-service"
            value={choice}
            aria-invalid={serviceError ? true : undefined}
            aria-describedby={serviceError ? 'custom-order-service-error' : undefined}
            onChange={(event) => setChoice(event.target.value)}
          >
            {offer ? (
              <>
                <optgroup label={`${offer.producerName}’s services`}>
                  <option value={OFFER_CHOICE}>{optionText(`${offer.name} by ${offer.producerName}`, offer.price, offer.deliveryDays)}</option>
                </optgroup>
                <optgroup label="Beatcrate services">{shopOptions}</optgroup>
              </>
            ) : (
              shopOptions
            )}
          </select>
          {serviceError && (
            <span id="custom-order-service-error" className="field__error">
              {serviceError}
            </span>
          )}
          {picked && <p className="service-order-form__about muted">{picked.description}</p>}
        </div>
        <div className="field">
          <label htmlFor="custom-order-brief">Describe the job</label>
          <textarea
            id="custom-order-brief"
            rows={5}
            maxLength={CUSTOM_ORDER_LIMITS.brief.max}
            value={brief}
            aria-invalid={shown.brief ? true : undefined}
            aria-describedby={shown.brief ? 'custom-order-brief-error' : 'custom-order-brief-hint'}
            onChange={(event) => setBrief(event.target.value)}
          />
          {shown.brief ? (
            <span id="custom-order-brief-error" className="field__error">
              {shown.brief}
            </span>
          ) : (
            <span id="custom-order-brief-hint" className="muted">
              References, tempo, key, what to send back: {CUSTOM_ORDER_LIMITS.brief.min} to {CUSTOM_ORDER_LIMITS.brief.max} characters.
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="custom-order-card">Card</label>
          <select id="custom-order-card" value={paymentMethodId} onChange={(event) => setPaymentMethodId(event.target.value)}>
            {SANDBOX_TEST_CARDS.map((card) => (
              <option key={card.id} value={card.id}>
                {card.label}
              </option>
            ))}
          </select>
        </div>
        {refused && Object.keys(refused.fieldErrors).length === 0 && (
          <p className="field__error" role="alert">
            {refused.message}
          </p>
        )}
        <div className="studio-form__actions">
          <button type="submit" className="studio-button studio-button--primary service-order-form__pay">
            {busy ? 'Paying…' : picked ? `Pay ${formatUsd(picked.priceUsd)} and order` : 'Order'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
