/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import type { AccountProfile } from '../../../shared/schemas/account';
import { aUser } from '../../../test/helpers/fixtures';
import { accountProfileOf, openStudio } from '../../../test/helpers/studioHarness';
import type { AvatarUploader } from '../../api/fetchAvatarUploader';
import { ACCOUNT_MESSAGES } from '../../../sagas/account/accountSagas';

const COUNTRIES = [
  { name: 'Germany', shortName: 'DE' },
  { name: 'France', shortName: 'FR' },
];
const SESSIONS = {
  sessions: [
    { device: 'Chrome 131 on Windows 10 (desktop)', startedAt: '2026-11-24T09:00:00.000Z', lastSeenAt: '2026-11-24T10:00:00.000Z', current: true },
    { device: 'Safari 17 on iOS 17.5 (mobile)', startedAt: '2026-11-20T09:00:00.000Z', lastSeenAt: '2026-11-23T08:30:00.000Z', current: false },
  ],
};

/** The account API as the page uses it; every write is recorded, `refuse` answers one path with an error. */
function accountApi(sent: ApiRequest[], refuse: Record<string, ApiError> = {}) {
  let profile: AccountProfile = accountProfileOf('client');
  return (request: ApiRequest) => {
    if (request.method !== 'GET') sent.push(request);
    const refusal = refuse[request.path];
    if (refusal) return refusal;
    if (request.path === '/countries') return COUNTRIES;
    if (request.path === '/account/sessions') return SESSIONS;
    if (request.path === '/auth/checkhealth') return aUser({ firstName: profile.firstName, avatar: profile.avatarSrc ? { directSrc: profile.avatarSrc } : null });
    if (request.path === '/account/profile') {
      if (request.method === 'PUT') profile = { ...profile, ...(request.body as Partial<AccountProfile>) };
      return profile;
    }
    if (request.path === '/account/avatar') return (profile = { ...profile, avatarSrc: null });
    if (request.path === '/account/email') return { pendingEmail: (request.body as { email: string }).email };
    return { status: 'ok' };
  };
}

const region = (name: string) => within(screen.getByRole('region', { name }));
/** Logged out: the header offers Log In, and no avatar. */
const loggedOutHeader = async () => {
  const login = await within(screen.getByRole('banner')).findByRole('link', { name: 'Log In' });
  expect(within(screen.getByRole('banner')).queryByRole('button', { name: /Account menu/ })).toBeNull();
  return login;
};

describe('Account settings', () => {
  test('the profile is saved by a saga, the header takes the new name, and the names never reach the action log', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    const { recorder } = await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: accountApi(sent) });
    // The header's avatar shows the first name's initial: Ada's A, then Grace's G.
    const avatar = () => within(screen.getByRole('banner')).getByRole('button', { name: /Account menu/ });
    expect(avatar().textContent).toBe('A');
    const profile = region('Profile');
    await user.clear(profile.getByLabelText('First Name'));
    await user.type(profile.getByLabelText('First Name'), 'Grace');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', '/account/profile', { firstName: 'Grace', lastName: 'Lovelace', country: 'Germany', socialNetwork: null }],
    ]);
    expect(profile.getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.profile);
    expect(avatar().textContent).toBe('G');
    expect(JSON.stringify(recorder.unacknowledged())).not.toContain('Grace');
  });

  test('SPEC’s messages show beside the fields before anything is sent', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: accountApi(sent) });
    const profile = region('Profile');
    await user.clear(profile.getByLabelText('Last Name'));
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(profile.getByText('Last Name is required')).toBeTruthy();
    const password = region('Password');
    await user.type(password.getByLabelText('Current password'), 'beats42');
    await user.type(password.getByLabelText('New password'), 'fresh42x');
    await user.type(password.getByLabelText('Confirm Password'), 'other42x');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(password.getByText('The Confirm Password field does not match')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test('a wrong current password is shown beside its field; a right one changes the password', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    const wrong = new ApiError('Your current password is incorrect', 400, { currentPassword: 'Your current password is incorrect' });
    await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: accountApi(sent, { '/account/password': wrong }) });
    const password = region('Password');
    await user.type(password.getByLabelText('Current password'), 'guess42');
    await user.type(password.getByLabelText('New password'), 'fresh42x');
    await user.type(password.getByLabelText('Confirm Password'), 'fresh42x');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(password.getByRole('alert').textContent).toContain('Your current password is incorrect');
    expect(password.getAllByText('Your current password is incorrect').length).toBeGreaterThan(1);
    expect(sent.map((request) => request.body)).toEqual([{ currentPassword: 'guess42', password: 'fresh42x', confirmPassword: 'fresh42x' }]);
  });

  test('an email change says where the link went', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    const { recorder } = await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: accountApi(sent) });
    const email = region('Email');
    await user.type(email.getByLabelText('New email'), 'augusta@example.com');
    await user.type(email.getByLabelText('Current password'), 'beats42');
    await user.click(email.getByRole('button', { name: 'Send confirmation link' }));
    expect(email.getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.email('augusta@example.com'));
    const log = JSON.stringify(recorder.unacknowledged());
    for (const secret of ['augusta@example.com', 'beats42']) expect(log).not.toContain(secret);
  });

  test('a picture goes through the upload port by id, never in an action', async () => {
    const user = userEvent.setup();
    const held = new Map<string, Blob>();
    const uploads: AvatarUploader = {
      hold: (id, file) => void held.set(id, file),
      release: (id) => void held.delete(id),
      send: async () => ({ ...accountProfileOf('client'), avatarSrc: '/media/covers/avatar-u1-aaaaaaaaaaaaaaaaaaaaaaaa/600.jpg' }),
    };
    const { recorder } = await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: accountApi([]), avatarUploads: uploads });
    const picture = region('Picture');
    await user.upload(picture.getByLabelText(/Upload a picture/), new File(['png'], 'me.png', { type: 'image/png' }));
    expect(picture.getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.avatar);
    expect(picture.getByRole('img', { name: 'Your picture' }).getAttribute('src')).toContain('avatar-u1-');
    expect(held.size).toBe(0);
    expect(JSON.stringify(recorder.unacknowledged())).toContain('account/avatarChosen');
  });

  test('sessions are listed with this browser marked; log out everywhere logs this browser out too', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: accountApi(sent) });
    const sessions = region('Active sessions');
    expect(sessions.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Chrome 131 on Windows 10 (desktop)This browserLast seen 2026-11-24 10:00 UTC',
      'Safari 17 on iOS 17.5 (mobile)Last seen 2026-11-23 08:30 UTC',
    ]);
    await user.click(sessions.getByRole('button', { name: 'Log out everywhere' }));
    expect(sent.map((request) => request.path)).toEqual(['/account/sessions/logout-all']);
    expect(await loggedOutHeader()).toBeTruthy();
  });

  test('deleting asks for the password first; then the account is gone and the browser logged out', async () => {
    const user = userEvent.setup();
    const sent: ApiRequest[] = [];
    await openStudio({ role: 'client', pathname: '/dashboard/account/profile', answer: accountApi(sent) });
    const danger = region('Delete my account');
    await user.click(danger.getByRole('button', { name: 'Delete my account…' }));
    await user.click(danger.getByRole('button', { name: 'Delete my account for good' }));
    expect(danger.getByText('Current password is required')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(danger.getByLabelText('Your password, to confirm'), 'beats42');
    await user.click(danger.getByRole('button', { name: 'Delete my account for good' }));
    expect(sent.map((request) => [request.path, request.body])).toEqual([['/account/delete', { currentPassword: 'beats42' }]]);
    expect(await loggedOutHeader()).toBeTruthy();
  });

  test('the admin site’s Account shows the same settings', async () => {
    await openStudio({ role: 'admin', pathname: '/admin/account', answer: accountApi([]) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account');
    for (const name of ['Profile', 'Picture', 'Email', 'Password', 'Active sessions', 'Delete my account']) expect(screen.getByRole('region', { name })).toBeTruthy();
  });
});
