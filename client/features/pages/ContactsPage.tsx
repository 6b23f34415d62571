import { Form } from 'react-final-form';
import { contactFormSubmitted, pageFormReset, selectPageForm } from '../../../shared/features/pages/pagesSlice';
import { type ContactRequest, ContactRequestSchema, formErrors } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { CaptchaField } from '../captcha/CaptchaField';
import { Link } from '../navigation/Link';
import { ErrorBanner } from '../popup/Popup';
import { TextAreaField } from './formFields';

export const CONTACT_SENT = 'Thank you! Your message has been sent. We will answer by email.';

/** /contacts: the form to POST /pages/contact. */
export function ContactsPage() {
  const dispatch = useAppDispatch();
  const form = useAppSelector((state) => selectPageForm(state, 'contact'));
  return (
    <main className="content-page contacts-page">
      <h1>Contact us</h1>
      <p className="content-body__lead">
        Questions about a purchase, a payout, your account or a beat? Write to us and we will answer by email. To report a beat that copies
        someone’s work, use the Report a violation button on the beat’s page instead.
      </p>
      {form.status === 'sent' ? (
        <div className="form-sent" role="status">
          <p>{CONTACT_SENT}</p>
          <button type="button" className="link-button" onClick={() => dispatch(pageFormReset('contact'))}>
            Send another message
          </button>
        </div>
      ) : (
        <Form<Partial<ContactRequest> & { captcha?: string }>
          onSubmit={({ captcha, ...message }) => void dispatch(contactFormSubmitted(message as ContactRequest, captcha))}
          validate={(values) => formErrors(values, ContactRequestSchema)}
          render={({ handleSubmit }) => (
            <form className="page-form" onSubmit={handleSubmit} noValidate aria-label="Contact form">
              {form.error && <ErrorBanner message={form.error} onDismiss={() => dispatch(pageFormReset('contact'))} />}
              <TextField name="name" label="Name" autoComplete="name" />
              <TextField name="email" label="Email" type="email" autoComplete="email" />
              <TextField name="subject" label="Subject" />
              <TextAreaField name="message" label="Message" />
              <CaptchaField pending={form.status === 'sending'} />
              <button type="submit" disabled={form.status === 'sending'}>
                {form.status === 'sending' ? 'Sending…' : 'Send message'}
              </button>
            </form>
          )}
        />
      )}
      <p className="contacts-page__more">
        How we handle what you send us is described in our <Link href="/privacy-policy">Privacy Policy</Link>.
      </p>
    </main>
  );
}
