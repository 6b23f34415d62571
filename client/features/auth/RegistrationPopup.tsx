import { useCallback, useEffect, useId, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { messages, type RegistrationValues, socialNetworkFor, validateRegistration } from '../../../shared/domain/auth/authRules';
import {
  countriesRequested,
  registrationClosed,
  registrationErrorDismissed,
  registrationRequested,
  selectCountries,
  selectCountryShortNames,
  selectRegistration,
} from '../../../shared/features/auth/authSlice';
import { ACCOUNT_PROFILE_PATH } from '../../../shared/domain/auth/userMenus';
import { useSiteHref } from '../sites/useSiteHref';
import { frameClosed, frameOpened, popupClosed, popupSwitched } from '../../../sagas/auth/popupActions';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { openFrames } from '../../../shared/routes/popupQuery';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ErrorBanner, Popup } from '../popup/Popup';
import { CaptchaField } from '../captcha/CaptchaField';
import { TermsPopup } from '../terms/TermsPopup';
import { CountryField } from './CountryField';
import { PasswordField, shownError, TextField } from './fields';

/** SPEC §2 "Registration popup". */
export function RegistrationPopup() {
  const dispatch = useAppDispatch();
  const registration = useAppSelector(selectRegistration);
  const countries = useAppSelector(selectCountries);
  const countryShortNames = useAppSelector(selectCountryShortNames);
  const startHref = useSiteHref()({ site: 'dashboard', path: ACCOUNT_PROFILE_PATH });
  const termsId = useId();
  // The password a rule banner was dismissed for: editing the password brings the banner back.
  const [ruleBannerDismissedFor, setRuleBannerDismissedFor] = useState<string | null>(null);
  // The terms popup is a frame of its own in the URL, so browser back closes it first.
  const termsOpen = openFrames(useAppSelector(selectLocation).search).includes('terms');
  const closeTerms = useCallback(() => dispatch(frameClosed('terms')), [dispatch]);
  const close = useCallback(() => {
    dispatch(registrationClosed());
    dispatch(popupClosed('register'));
  }, [dispatch]);
  useEffect(() => {
    dispatch(countriesRequested());
  }, [dispatch]);

  if (registration.status === 'completed' && registration.role === 'producer') {
    return (
      <Popup title="Registration completed" onClose={close}>
        <p>Complete identity verification to start selling tracks</p>
        <a className="button" href={startHref}>
          Start
        </a>
      </Popup>
    );
  }

  return (
    <>
      <Popup title="Register or log in" onClose={close}>
        <button type="button" className="link-button popup__switch" onClick={() => dispatch(popupSwitched({ from: 'register', to: 'login' }))}>
          Log in
        </button>
        <Form<RegistrationValues & { captcha?: string }>
          key={registration.resetTimes}
          initialValues={{ isBuyer: true, agreeTerms: false }}
          validate={(values) => validateRegistration(values, countries)}
          onSubmit={(values) => {
            if (registration.status !== 'idle') return;
            const isBuyer = values.isBuyer !== false;
            dispatch(
              registrationRequested({
                firstName: values.firstName!.trim(),
                lastName: values.lastName!.trim(),
                email: values.email!.trim(),
                password: values.password!,
                confirmPassword: values.confirmPassword!,
                country: values.country!,
                countryShortName: countryShortNames[values.country!],
                isBuyer,
                agreeTerms: values.agreeTerms === true,
                selectedRole: isBuyer ? 'client' : 'producer',
                ...(isBuyer ? {} : { socialNetwork: values.socialNetwork!.trim() }),
              }, values.captcha),
            );
          }}
          render={({ handleSubmit, values, errors, touched, submitFailed }) => {
            const social = socialNetworkFor(values.country);
            const passwordError = shownError({ touched: touched?.password, submitFailed, error: errors?.password });
            // SPEC §8: a broken password rule shows in the banner too; a missing password only under its field.
            const passwordRuleError =
              passwordError && passwordError !== messages.required('Password') && values.password !== ruleBannerDismissedFor ? passwordError : null;
            return (
              <form onSubmit={handleSubmit} noValidate>
                {registration.error && <ErrorBanner message={registration.error} onDismiss={() => dispatch(registrationErrorDismissed())} />}
                {passwordRuleError && <ErrorBanner message={passwordRuleError} onDismiss={() => setRuleBannerDismissedFor(values.password ?? null)} />}
                <TextField name="firstName" label="First Name" autoComplete="given-name" />
                <TextField name="lastName" label="Last Name" autoComplete="family-name" />
                <TextField name="email" label="Email" type="email" autoComplete="email" serverError={registration.error} />
                <PasswordField name="password" label="Password" autoComplete="new-password" />
                <PasswordField name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
                <CountryField countries={countries} />
                <Field<boolean> name="isBuyer">
                  {({ input }) => (
                    <fieldset className="role-switch">
                      <legend>Account type</legend>
                      <label>
                        <input type="radio" name={input.name} checked={input.value !== false} onChange={() => input.onChange(true)} />
                        I&apos;m a buyer
                      </label>
                      <label>
                        <input type="radio" name={input.name} checked={input.value === false} onChange={() => input.onChange(false)} />
                        I&apos;m a seller
                      </label>
                    </fieldset>
                  )}
                </Field>
                {values.isBuyer === false && <TextField name="socialNetwork" label={social.label} placeholder={social.placeholder} />}
                <Field name="agreeTerms" type="checkbox">
                  {({ input, meta }) => (
                    <div className="checkbox">
                      <input {...input} id={termsId} type="checkbox" />
                      <label htmlFor={termsId}>Agree with</label>
                      <button type="button" className="link-button" onClick={() => dispatch(frameOpened('terms'))}>
                        Terms &amp; Conditions
                      </button>
                      {meta.submitFailed && meta.error && <span className="field__error">{meta.error}</span>}
                    </div>
                  )}
                </Field>
                <CaptchaField pending={registration.status === 'pending'} />
                <button type="submit" disabled={registration.status === 'pending'}>
                  Register
                </button>
              </form>
            );
          }}
        />
      </Popup>
      {/* Over the form, so what was typed stays while the terms are read. */}
      {termsOpen && <TermsPopup onBack={closeTerms} />}
    </>
  );
}
