import type { AccountProfile } from '../../schemas/account';
import { loggedOut } from '../auth/authSlice';
import accountSlice, {
  accountFormDismissed,
  accountFormDone,
  accountFormRefused,
  accountFormSending,
  accountProfileLoaded,
  accountSessionsLoaded,
  passwordFormSent,
  selectAccountForms,
  type AccountState,
} from './accountSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(accountSlice.reducer);
const forms = (state: AccountState) => selectAccountForms({ account: state });
const idle = { status: 'idle', message: null, errors: {} };

const profile: AccountProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  country: 'Germany',
  socialNetwork: null,
  avatarSrc: null,
  isSeller: false,
  artistName: null,
  pendingEmail: null,
};

describe('account slice', () => {
  test('each form shows its own outcome; the others stay idle', () => {
    const state = reduce(undefined, accountFormSending('profile'), accountFormSending('emailChange'), accountFormDone({ form: 'profile', message: 'Your profile is saved.' }));
    expect(forms(state).profile).toEqual({ status: 'done', message: 'Your profile is saved.', errors: {} });
    expect(forms(state).emailChange).toEqual({ status: 'sending', message: null, errors: {} });
    expect(forms(state).passwordChange).toEqual(idle);
  });

  test('a refusal keeps its field errors until the form is sent again or dismissed', () => {
    const refused = reduce(undefined, accountFormSending('passwordChange'), accountFormRefused({ form: 'passwordChange', message: 'Check the form', errors: { currentPassword: 'Wrong password' } }));
    expect(forms(refused).passwordChange).toEqual({ status: 'failed', message: 'Check the form', errors: { currentPassword: 'Wrong password' } });
    expect(forms(reduce(refused, accountFormSending('passwordChange'))).passwordChange).toEqual({ status: 'sending', message: null, errors: {} });
    expect(forms(reduce(refused, accountFormDismissed('passwordChange'))).passwordChange).toEqual(idle);
  });

  test('what a form sends is marked never to be recorded, and changes no state', () => {
    const sent = passwordFormSent({ currentPassword: 'Old123!', password: 'New123!', confirmPassword: 'New123!' });
    expect(sent.meta).toEqual({ ephemeral: true });
    const before = reduce(undefined, accountFormSending('passwordChange'));
    expect(reduce(before, sent)).toBe(before);
  });

  test('logout forgets the profile, the sessions and every form’s outcome', () => {
    const state = reduce(
      undefined,
      accountProfileLoaded(profile),
      accountSessionsLoaded([{ device: 'Chrome 131 on Windows 10', startedAt: '2026-11-01T10:00:00.000Z', lastSeenAt: '2026-11-01T10:05:00.000Z', current: true }]),
      accountFormRefused({ form: 'delete', message: 'Wrong password', errors: {} }),
      loggedOut(),
    );
    expect(state).toEqual(accountSlice.reducer(undefined, { type: 'init' }));
  });
});
