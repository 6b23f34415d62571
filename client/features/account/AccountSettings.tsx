import { useContext, useEffect, useId, useState } from 'react';
import { Form } from 'react-final-form';
import { is } from 'superstruct';
import { messages, socialNetworkError, socialNetworkFor } from '../../../shared/domain/auth/authRules';
import {
  type AccountForm,
  type AccountFormName,
  accountFormDismissed,
  avatarChosen,
  avatarRemoved,
  deletionConfirmed,
  emailFormSent,
  logOutEverywhereRequested,
  passwordFormSent,
  profileFormSent,
  selectAccountForms,
  selectAccountProfile,
  selectAccountSessions,
} from '../../../shared/features/account/accountSlice';
import { countriesRequested, selectCountries } from '../../../shared/features/auth/authSlice';
import {
  AccountDeletionSchema,
  type AccountProfile,
  confirmPasswordError,
  EmailChangeRequestSchema,
  PasswordChangeSchema,
  type ProfileChange,
  ProfileChangeSchema,
} from '../../../shared/schemas/account';
import { formErrors } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PasswordField, TextField } from '../auth/fields';
import { CountryField } from '../auth/CountryField';
import { ErrorBanner } from '../popup/Popup';
import { AvatarUploaderContext } from './avatarUploaderContext';

/** The form's outcome: the server's refusal as a banner, or what was done, in a live region. */
function Outcome({ name, form }: { name: AccountFormName; form: AccountForm }) {
  const dispatch = useAppDispatch();
  if (form.status === 'failed' && form.message) return <ErrorBanner message={form.message} onDismiss={() => dispatch(accountFormDismissed(name))} />;
  return (
    <p role="status" className="account-form__done">
      {form.status === 'done' ? form.message : ''}
    </p>
  );
}

const sendLabel = (form: AccountForm, idle: string, sending: string) => (form.status === 'sending' ? sending : idle);

function ProfileSection({ profile, form }: { profile: AccountProfile; form: AccountForm }) {
  const dispatch = useAppDispatch();
  const countries = useAppSelector(selectCountries);
  useEffect(() => {
    dispatch(countriesRequested());
  }, [dispatch]);
  const serverErrors = form.status === 'failed' ? form.errors : {};
  const initialValues: Partial<ProfileChange> = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    country: profile.country,
    socialNetwork: profile.socialNetwork ?? '',
    ...(profile.artistName === null ? {} : { artistName: profile.artistName }),
  };
  return (
    <section aria-labelledby="account-profile" className="site-card studio-section">
      <h2 id="account-profile">Profile</h2>
      <Form<Partial<ProfileChange>>
        initialValues={initialValues}
        onSubmit={(values) => {
          const change = { ...values, socialNetwork: profile.isSeller ? (values.socialNetwork ?? '') : null };
          if (is(change, ProfileChangeSchema)) dispatch(profileFormSent(change));
        }}
        validate={(values) => {
          const errors = formErrors({ ...values, socialNetwork: values.socialNetwork ?? null }, ProfileChangeSchema);
          if (values.country && countries.length > 0 && !countries.includes(values.country)) errors.country = messages.listValue('Country');
          const socialNetwork = profile.isSeller ? socialNetworkError(values.socialNetwork, values.country) : undefined;
          if (socialNetwork) errors.socialNetwork = socialNetwork;
          return errors;
        }}
        render={({ handleSubmit, values }) => (
          <form className="page-form studio-form" onSubmit={handleSubmit} noValidate aria-label="Profile">
            <fieldset className="studio-form__fields" disabled={form.status === 'sending'}>
              <div className="studio-form__row">
                <TextField name="firstName" label="First Name" autoComplete="given-name" serverError={serverErrors.firstName} />
                <TextField name="lastName" label="Last Name" autoComplete="family-name" serverError={serverErrors.lastName} />
              </div>
              <CountryField countries={countries} serverError={serverErrors.country} />
              {profile.isSeller && (
                <TextField
                  name="socialNetwork"
                  label={socialNetworkFor(values.country).label}
                  placeholder={socialNetworkFor(values.country).placeholder}
                  serverError={serverErrors.socialNetwork}
                />
              )}
              {profile.artistName !== null && <TextField name="artistName" label="Artist name" serverError={serverErrors.artistName} />}
            </fieldset>
            <button type="submit" disabled={form.status === 'sending'}>
              {sendLabel(form, 'Save profile', 'Saving…')}
            </button>
            <Outcome name="profile" form={form} />
          </form>
        )}
      />
    </section>
  );
}

function AvatarSection({ profile, form }: { profile: AccountProfile; form: AccountForm }) {
  const dispatch = useAppDispatch();
  const uploader = useContext(AvatarUploaderContext);
  const inputId = useId();
  const [counter, setCounter] = useState(0);
  return (
    <section aria-labelledby="account-avatar" className="site-card studio-section account-avatar">
      <h2 id="account-avatar">Picture</h2>
      <div className="account-avatar__row">
        {profile.avatarSrc ? (
          <img className="account-avatar__image" src={profile.avatarSrc} alt="Your picture" width={96} height={96} />
        ) : (
          <div className="account-avatar__image account-avatar__image--empty" role="img" aria-label="No picture yet">
            {profile.firstName.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="account-avatar__controls">
          <label htmlFor={inputId}>Upload a picture (JPEG, PNG or WebP, up to 5 MB)</label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={form.status === 'sending' || !uploader}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (!file || !uploader) return;
              const uploadId = `avatar-${counter + 1}`;
              setCounter(counter + 1);
              uploader.hold(uploadId, file);
              dispatch(avatarChosen(uploadId));
            }}
          />
          {profile.avatarSrc && (
            <button type="button" className="studio-button studio-button--quiet" disabled={form.status === 'sending'} onClick={() => dispatch(avatarRemoved())}>
              Remove picture
            </button>
          )}
        </div>
      </div>
      <Outcome name="avatar" form={form} />
    </section>
  );
}

function EmailSection({ profile, form }: { profile: AccountProfile; form: AccountForm }) {
  const dispatch = useAppDispatch();
  const serverErrors = form.status === 'failed' ? form.errors : {};
  return (
    <section aria-labelledby="account-email" className="site-card studio-section">
      <h2 id="account-email">Email</h2>
      <p>
        Your email is <strong>{profile.email}</strong>.
        {profile.pendingEmail && ` A confirmation link went to ${profile.pendingEmail}; your email changes when you follow it.`}
      </p>
      <Form<{ email?: string; currentPassword?: string }>
        onSubmit={(values) => {
          if (is(values, EmailChangeRequestSchema)) dispatch(emailFormSent(values));
        }}
        validate={(values) => formErrors(values, EmailChangeRequestSchema)}
        render={({ handleSubmit }) => (
          <form className="page-form studio-form" onSubmit={handleSubmit} noValidate aria-label="Change email">
            <fieldset className="studio-form__fields" disabled={form.status === 'sending'}>
              <TextField name="email" label="New email" type="email" autoComplete="email" serverError={serverErrors.email} />
              <PasswordField name="currentPassword" label="Current password" serverError={serverErrors.currentPassword} />
            </fieldset>
            <button type="submit" disabled={form.status === 'sending'}>
              {sendLabel(form, 'Send confirmation link', 'Sending…')}
            </button>
            <Outcome name="emailChange" form={form} />
          </form>
        )}
      />
    </section>
  );
}

function PasswordSection({ form }: { form: AccountForm }) {
  const dispatch = useAppDispatch();
  const serverErrors = form.status === 'failed' ? form.errors : {};
  return (
    <section aria-labelledby="account-password" className="site-card studio-section">
      <h2 id="account-password">Password</h2>
      <Form<{ currentPassword?: string; password?: string; confirmPassword?: string }>
        onSubmit={(values) => {
          if (is(values, PasswordChangeSchema)) dispatch(passwordFormSent(values));
        }}
        validate={(values) => {
          const errors = formErrors(values, PasswordChangeSchema);
          const mismatch = confirmPasswordError(values);
          if (mismatch) errors.confirmPassword ??= mismatch;
          return errors;
        }}
        render={({ handleSubmit }) => (
          <form className="page-form studio-form" onSubmit={handleSubmit} noValidate aria-label="Change password">
            <fieldset className="studio-form__fields" disabled={form.status === 'sending'}>
              <PasswordField name="currentPassword" label="Current password" serverError={serverErrors.currentPassword} />
              <div className="studio-form__row">
                <PasswordField name="password" label="New password" autoComplete="new-password" serverError={serverErrors.password} />
                <PasswordField name="confirmPassword" label="Confirm Password" autoComplete="new-password" serverError={serverErrors.confirmPassword} />
              </div>
            </fieldset>
            <button type="submit" disabled={form.status === 'sending'}>
              {sendLabel(form, 'Change password', 'Changing…')}
            </button>
            <Outcome name="passwordChange" form={form} />
          </form>
        )}
      />
    </section>
  );
}

const dateTime = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

function SessionsSection({ form }: { form: AccountForm }) {
  const dispatch = useAppDispatch();
  const sessions = useAppSelector(selectAccountSessions) ?? [];
  return (
    <section aria-labelledby="account-sessions" className="site-card studio-section">
      <h2 id="account-sessions">Active sessions</h2>
      <ul className="account-sessions">
        {sessions.map((session) => (
          <li key={`${session.startedAt}-${session.device}-${session.lastSeenAt}`} className="account-sessions__item">
            <span className="account-sessions__device">
              {session.device}
              {session.current && <span className="status-tag" data-status="listed">This browser</span>}
            </span>
            <span className="account-sessions__seen">Last seen {dateTime(session.lastSeenAt)} UTC</span>
          </li>
        ))}
      </ul>
      <button type="button" className="studio-button" disabled={form.status === 'sending'} onClick={() => dispatch(logOutEverywhereRequested())}>
        {sendLabel(form, 'Log out everywhere', 'Logging out…')}
      </button>
      <Outcome name="sessions" form={form} />
    </section>
  );
}

function DeleteSection({ form }: { form: AccountForm }) {
  const dispatch = useAppDispatch();
  const [asked, setAsked] = useState(false);
  const serverErrors = form.status === 'failed' ? form.errors : {};
  return (
    <section aria-labelledby="account-delete" className="site-card studio-section account-delete">
      <h2 id="account-delete">Delete my account</h2>
      <p>
        Your name, email, country, picture, addresses, sessions, messages, wishlist, follows and cart are erased for good. Orders stay for the shop’s
        accounts without your name; files you bought can no longer be downloaded from this account.
      </p>
      {!asked ? (
        <button type="button" className="studio-button studio-button--danger" onClick={() => setAsked(true)}>
          Delete my account…
        </button>
      ) : (
        <Form<{ currentPassword?: string }>
          onSubmit={(values) => {
            if (is(values, AccountDeletionSchema)) dispatch(deletionConfirmed(values));
          }}
          validate={(values) => formErrors(values, AccountDeletionSchema)}
          render={({ handleSubmit }) => (
            <form className="page-form studio-form" onSubmit={handleSubmit} noValidate aria-label="Delete my account">
              <fieldset className="studio-form__fields" disabled={form.status === 'sending'}>
                <PasswordField name="currentPassword" label="Your password, to confirm" serverError={serverErrors.currentPassword} />
              </fieldset>
              <div className="account-delete__actions">
                <button type="submit" className="studio-button studio-button--danger" disabled={form.status === 'sending'}>
                  {sendLabel(form, 'Delete my account for good', 'Deleting…')}
                </button>
                <button type="button" className="studio-button studio-button--quiet" onClick={() => setAsked(false)}>
                  Keep my account
                </button>
              </div>
              <Outcome name="delete" form={form} />
            </form>
          )}
        />
      )}
    </section>
  );
}

/** Account settings, the same on the dashboard (`Account`) and the admin site (`Account`). */
export function AccountSettings() {
  const profile = useAppSelector(selectAccountProfile);
  const forms = useAppSelector(selectAccountForms);
  if (!profile) return null;
  return (
    <div className="account-settings">
      <ProfileSection profile={profile} form={forms.profile} />
      <AvatarSection profile={profile} form={forms.avatar} />
      <EmailSection profile={profile} form={forms.emailChange} />
      <PasswordSection form={forms.passwordChange} />
      <SessionsSection form={forms.sessions} />
      <DeleteSection form={forms.delete} />
    </div>
  );
}
