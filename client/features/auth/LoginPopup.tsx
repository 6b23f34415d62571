import { useCallback } from 'react';
import { Field, Form } from 'react-final-form';
import { validateForgotPassword, validateLogin } from '../../../shared/domain/auth/authRules';
import {
  loginErrorDismissed,
  loginModeChanged,
  loginRequested,
  resetRequested,
  selectLogin,
} from '../../../shared/features/auth/authSlice';
import { popupClosed, popupSwitched } from '../../../sagas/auth/popupActions';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CaptchaField } from '../captcha/CaptchaField';
import { ErrorBanner, Popup } from '../popup/Popup';
import { PasswordField, TextField } from './fields';

/** SPEC §2 "Login popup", with its forgot-password mode. */
export function LoginPopup() {
  const dispatch = useAppDispatch();
  const login = useAppSelector(selectLogin);
  const close = useCallback(() => dispatch(popupClosed('login')), [dispatch]);
  const pending = login.status === 'pending';

  if (login.mode === 'forgot') {
    return (
      <Popup title="Log in or register" onClose={close}>
        <Form<{ email?: string; captcha?: string }>
          onSubmit={(values) => void dispatch(resetRequested({ email: values.email!.trim() }, values.captcha))}
          validate={validateForgotPassword}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <TextField name="email" label="Email" type="email" autoComplete="email" />
              {login.resetError && <span className="field__error">{login.resetError}</span>}
              <CaptchaField pending={pending} />
              <button type="submit" disabled={pending}>
                Reset password
              </button>
              <button type="button" className="link-button" onClick={() => dispatch(loginModeChanged('login'))}>
                Cancel
              </button>
            </form>
          )}
        />
      </Popup>
    );
  }

  return (
    <Popup title="Log in or register" onClose={close}>
      {login.error && <ErrorBanner message={login.error} onDismiss={() => dispatch(loginErrorDismissed())} />}
      <Form<{ email?: string; password?: string; remember?: boolean }>
        key={login.clearedTimes}
        onSubmit={(values) =>
          void dispatch(loginRequested({ email: values.email!.trim(), password: values.password!, remember: values.remember === true }))
        }
        validate={validateLogin}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <PasswordField name="password" label="Password" serverError={login.error} />
            <label className="checkbox">
              <Field name="remember" component="input" type="checkbox" />
              Remember me
            </label>
            <button type="button" className="link-button" onClick={() => dispatch(loginModeChanged('forgot'))}>
              Forgot your password?
            </button>
            <button type="submit" disabled={pending}>
              Log in
            </button>
            <button type="button" className="link-button" onClick={() => dispatch(popupSwitched({ from: 'login', to: 'register' }))}>
              Register
            </button>
          </form>
        )}
      />
    </Popup>
  );
}
