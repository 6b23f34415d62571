import { Form } from 'react-final-form';
import { validateNewPassword } from '../../../shared/domain/auth/authRules';
import { newPasswordRequested, selectEmailConfirmation, selectPasswordReset } from '../../../shared/features/auth/authSlice';
import { selectRouteParams } from '../../../shared/features/navigation/navigationSlice';
import { popupOpened } from '../../../sagas/auth/popupActions';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PasswordField } from './fields';

function LoginLink({ children }: { children: string }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" className="link-button" onClick={() => dispatch(popupOpened('login'))}>
      {children}
    </button>
  );
}

/** /email-confirmation/{token?} */
export function EmailConfirmationPage() {
  const confirmation = useAppSelector(selectEmailConfirmation);
  return (
    <main className="account-page">
      <h1>Email confirmation</h1>
      {confirmation.status === 'confirmed' && <p>Thank you, your email address is confirmed.</p>}
      {confirmation.status === 'failed' && <p role="alert">{confirmation.message ?? 'Open the link from the confirmation email we sent you.'}</p>}
      {confirmation.status === 'none' && <p>Open the link from the confirmation email we sent you.</p>}
    </main>
  );
}

/** /reset-password/{token?}: without a token it explains the mail; with a valid one it takes the new password. */
export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const reset = useAppSelector(selectPasswordReset);
  const { token } = useAppSelector(selectRouteParams);
  return (
    <main className="account-page">
      <h1>Reset password</h1>
      {reset.link === 'none' && <p>If an account exists for that address, we have emailed it a link to set a new password.</p>}
      {reset.link === 'invalid' && <p role="alert">{reset.message}</p>}
      {reset.link === 'valid' && reset.status === 'done' && (
        <p>
          Your new password is saved. <LoginLink>Log in</LoginLink>
        </p>
      )}
      {reset.link === 'valid' && reset.status !== 'done' && (
        <Form<{ password?: string; confirmPassword?: string }>
          validate={validateNewPassword}
          onSubmit={(values) =>
            void dispatch(newPasswordRequested({ token: token!, password: values.password! }))
          }
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate className="account-page__form">
              <PasswordField name="password" label="New password" autoComplete="new-password" />
              <PasswordField name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
              {reset.message && <p role="alert">{reset.message}</p>}
              <button type="submit" disabled={reset.status === 'pending'}>
                Save new password
              </button>
            </form>
          )}
        />
      )}
    </main>
  );
}
