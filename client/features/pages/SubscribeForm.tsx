import { Form } from 'react-final-form';
import { pageFormReset, selectPageForm, subscribeFormSubmitted } from '../../../shared/features/pages/pagesSlice';
import { formErrors, type SubscribeRequest, SubscribeRequestSchema } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { CaptchaField } from '../captcha/CaptchaField';
import { ErrorBanner } from '../popup/Popup';

export const SUBSCRIBED = 'Thank you for subscribing! New beats and articles will come to your inbox.';

/** The newsletter form of the footer: an email to POST /pages/subscribe. */
export function SubscribeForm() {
  const dispatch = useAppDispatch();
  const form = useAppSelector((state) => selectPageForm(state, 'subscribe'));
  return (
    <section className="subscribe" aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading">Subscribe to our newsletter</h2>
      {form.status === 'sent' ? (
        <p role="status">{SUBSCRIBED}</p>
      ) : (
        <Form<Partial<SubscribeRequest> & { captcha?: string }>
          onSubmit={(values) => void dispatch(subscribeFormSubmitted({ email: values.email ?? '' }, values.captcha))}
          validate={(values) => formErrors(values, SubscribeRequestSchema)}
          render={({ handleSubmit }) => (
            <form className="subscribe__form" onSubmit={handleSubmit} noValidate aria-label="Newsletter">
              {form.error && <ErrorBanner message={form.error} onDismiss={() => dispatch(pageFormReset('subscribe'))} />}
              <TextField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
              <CaptchaField pending={form.status === 'sending'} />
              <button type="submit" disabled={form.status === 'sending'}>
                Subscribe
              </button>
            </form>
          )}
        />
      )}
    </section>
  );
}
