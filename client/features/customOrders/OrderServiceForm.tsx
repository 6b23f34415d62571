import { type FormEvent, useState } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import { customOrderRequested, selectCustomOrderBusy, selectCustomOrderError } from '../../../shared/features/customOrders/customOrdersSlice';
import { selectSoundServices } from '../../../shared/features/pages/pagesSlice';
import { CUSTOM_ORDER_LIMITS, CustomOrderRequest } from '../../../shared/schemas/customOrders';
import { formErrors } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SANDBOX_TEST_CARDS } from '../checkout/sandboxCards';

/**
 * "Order a service": one of the shop's sound services, the job in the buyer's words, and the
 * card; checked with the server's own schema before it is sent, and paid at once.
 */
export function OrderServiceForm() {
  const dispatch = useAppDispatch();
  const services = useAppSelector(selectSoundServices) ?? [];
  const busy = useAppSelector(selectCustomOrderBusy) === 'order';
  const refused = useAppSelector(selectCustomOrderError);
  const [serviceId, setServiceId] = useState<number>(services[0]?.id ?? 0);
  const [brief, setBrief] = useState('');
  const [paymentMethodId, setPaymentMethodId] = useState<string>(SANDBOX_TEST_CARDS[0].id);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const service = services.find((candidate) => candidate.id === serviceId);
  const shown = { ...refused?.fieldErrors, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = formErrors({ serviceId, brief, paymentMethodId }, CustomOrderRequest.form);
    setErrors(found);
    if (Object.keys(found).length === 0) dispatch(customOrderRequested({ serviceId, paymentMethodId }, brief));
  };

  return (
    <form className="site-card studio-form service-order-form" aria-labelledby="order-service-heading" onSubmit={submit} noValidate>
      <h2 id="order-service-heading">Order a service</h2>
      <fieldset className="studio-form__fields" disabled={busy}>
        <div className="field">
          <label htmlFor="custom-order-service">Service</label>
          <select id="custom-order-service" value={serviceId} onChange={(event) => setServiceId(Number(event.target.value))}>
            {services.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} — {formatUsd(option.priceUsd)}, {option.deliveryDays} days
              </option>
            ))}
          </select>
          {service && <p className="service-order-form__about muted">{service.description}</p>}
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
            {busy ? 'Paying…' : service ? `Pay ${formatUsd(service.priceUsd)} and order` : 'Order'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
