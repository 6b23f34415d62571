import { useEffect, useMemo } from 'react';
import { Form } from 'react-final-form';
import { is } from 'superstruct';
import { effectiveRole } from '../../../shared/domain/auth/roles';
import { countriesRequested, selectCountries, selectUser } from '../../../shared/features/auth/authSlice';
import {
  selectVerification,
  selectVerificationForm,
  type StudioForm,
  verificationErrorDismissed,
  verificationFormSent,
  type VerificationView,
} from '../../../shared/features/studio/studioSlice';
import { formErrors } from '../../../shared/schemas/pages';
import { type VerificationRequestBody, VerificationRequestSchema } from '../../../shared/schemas/verification';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { TextField } from '../auth/fields';
import { CountryField } from '../auth/CountryField';
import { Link } from '../navigation/Link';
import { ErrorBanner } from '../popup/Popup';
import { useSiteHref } from '../sites/useSiteHref';
import { VERIFICATION_NEEDED } from './MyBeatsPage';
import { AccountSettings } from '../account/AccountSettings';

const STATE_WORDS: Readonly<Record<VerificationView['status'], string>> = {
  none: 'Not submitted',
  pending: 'Waiting for review',
  rejected: 'Rejected',
  verified: 'Verified',
};

/**
 * The identity details a moderator checks. They go to the saga in an action that is never
 * recorded (`verificationFormSent`), so the legal name, birth date and address stay out of the log.
 */
function VerificationForm({ form, accountCountry }: { form: StudioForm; accountCountry: string }) {
  const dispatch = useAppDispatch();
  // The account's country to begin with (the producer told it at registration); a saved profile's new one follows unless this one was edited.
  const initialValues = useMemo(() => ({ country: accountCountry }), [accountCountry]);
  const countries = useAppSelector(selectCountries);
  useEffect(() => {
    dispatch(countriesRequested());
  }, [dispatch]);
  const serverErrors = form.status === 'failed' ? form.errors : {};
  return (
    <Form<Partial<VerificationRequestBody>>
      initialValues={initialValues}
      keepDirtyOnReinitialize
      onSubmit={(values) => {
        // `validate` has checked every field with the schema the server uses; this narrows the type.
        if (is(values, VerificationRequestSchema)) dispatch(verificationFormSent(values));
      }}
      validate={(values) => formErrors(values, VerificationRequestSchema)}
      render={({ handleSubmit }) => (
        <form className="page-form studio-form" onSubmit={handleSubmit} noValidate aria-label="Identity verification">
          {form.status === 'failed' && form.message && <ErrorBanner message={form.message} onDismiss={() => dispatch(verificationErrorDismissed())} />}
          <fieldset className="studio-form__fields" disabled={form.status === 'sending'}>
            <div className="studio-form__row">
              <TextField name="artistName" label="Artist name" serverError={serverErrors.artistName} />
              <TextField name="shortName" label="Page address" placeholder="e.g. maravale" serverError={serverErrors.shortName} />
            </div>
            <div className="studio-form__row">
              <TextField name="legalName" label="Legal name" autoComplete="name" serverError={serverErrors.legalName} />
              <TextField name="dateOfBirth" label="Date of birth" type="date" autoComplete="bday" serverError={serverErrors.dateOfBirth} />
            </div>
            <TextField name="address" label="Address" autoComplete="street-address" serverError={serverErrors.address} />
            <CountryField countries={countries} serverError={serverErrors.country} />
          </fieldset>
          <button type="submit" disabled={form.status === 'sending'}>
            {form.status === 'sending' ? 'Sending…' : 'Send for verification'}
          </button>
        </form>
      )}
    />
  );
}

/** SPEC §2 "Complete identity verification to start selling tracks": where the producer's verification stands, and the form while it is needed. */
function VerificationSection({ verification, accountCountry }: { verification: VerificationView; accountCountry: string }) {
  const form = useAppSelector(selectVerificationForm);
  const href = useSiteHref();
  const { status } = verification;
  return (
    <section aria-labelledby="identity-verification" className="site-card studio-section">
      <h2 id="identity-verification">Identity verification</h2>
      <p>
        <span className="status-tag" data-status={status === 'verified' ? 'listed' : status === 'rejected' ? 'failed' : status}>
          {STATE_WORDS[status]}
        </span>
      </p>
      {status === 'none' && <p>{VERIFICATION_NEEDED}</p>}
      {status === 'rejected' && (
        <p>
          Rejected: {sentence(verification.reason ?? 'no reason given')} Correct your details and send them again.
        </p>
      )}
      {status === 'pending' && <p>Thank you. A moderator is checking your details; you can upload beats once you are verified.</p>}
      {status === 'verified' && (
        <p>
          You can upload and sell beats in <Link href={href({ site: 'dashboard', path: '/beats' })}>My beats</Link>.
        </p>
      )}
      {(status === 'pending' || status === 'verified') && verification.artistName && (
        <dl className="studio-facts">
          <div>
            <dt>Artist name</dt>
            <dd>{verification.artistName}</dd>
          </div>
          <div>
            <dt>Page address</dt>
            <dd>/{verification.shortName}</dd>
          </div>
        </dl>
      )}
      {(status === 'none' || status === 'rejected') && <VerificationForm form={form} accountCountry={accountCountry} />}
    </section>
  );
}

/** The moderator's reason as a sentence: a full stop added only when it ends without one. */
const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** `Account` on the dashboard: the account settings for every role, after a producer's identity verification. */
export function AccountPage() {
  const user = useAppSelector(selectUser);
  const verification = useAppSelector(selectVerification);
  if (!user) return null;
  const isProducer = effectiveRole(user.roles) === 'producer';
  return (
    <>
      {isProducer && verification && <VerificationSection verification={verification} accountCountry={user.country} />}
      <AccountSettings />
    </>
  );
}
