import sharp from 'sharp';
import type { AccountProfile, AccountSessionList } from '../../shared/schemas/account';
import type { User } from '../../shared/schemas/auth';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { CURRENT_PASSWORD_WRONG } from './currentPassword';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PASSWORD = registration().password;

const png = (side: number) => sharp({ create: { width: side, height: side, channels: 3, background: '#3366cc' } }).png().toBuffer();

describe('account settings API (issue 15 `Account`)', () => {
  const clock = manualClock(new Date('2026-11-24T10:00:00.000Z'));
  let app: TestApp;
  let counter = 0;

  const browser = (userAgent = CHROME) => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.15.0.${++counter}`, 'User-Agent': userAgent });
  const register = async (email: string, overrides: Record<string, unknown> = {}) => {
    const member = browser();
    expect((await member.json('POST', '/auth/register', registration({ email, ...overrides }))).status).toBe(201);
    return member;
  };
  const logIn = async (email: string, password = PASSWORD, userAgent = CHROME) => {
    const member = browser(userAgent);
    const answer = await member.json('POST', '/auth/login', { email, password, remember: true });
    return { member, status: answer.status };
  };
  const profileOf = async (member: ApiBrowser) => (await member.json<AccountProfile>('GET', '/account/profile')).body;
  const outboxTo = (to: string) => app.deps.database.query.selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', to).orderBy('id').execute();
  const linkIn = (text: string) => /\/email-confirmation\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  test('every call needs a logged-in account', async () => {
    const guest = browser();
    const calls: [string, string, unknown?][] = [
      ['GET', '/account/profile'],
      ['PUT', '/account/profile', { firstName: 'A', lastName: 'B', country: 'Germany' }],
      ['POST', '/account/email', { email: 'x@example.com', currentPassword: PASSWORD }],
      ['POST', '/account/password', { currentPassword: PASSWORD, password: 'new42pass', confirmPassword: 'new42pass' }],
      ['GET', '/account/sessions'],
      ['POST', '/account/sessions/logout-all'],
      ['POST', '/account/delete', { currentPassword: PASSWORD }],
      ['DELETE', '/account/avatar'],
    ];
    for (const [method, path, body] of calls) expect([path, (await guest.json(method, path, body)).status]).toEqual([path, 401]);
    const upload = await fetch(`${app.baseUrl}/api/v1/account/avatar`, { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(await png(200)) });
    expect(upload.status).toBe(401);
  });

  test('profile: names and country change by the registration rules; bad input changes nothing', async () => {
    const member = await register('profile@example.com');
    const other = await register('bystander@example.com', { firstName: 'Bea' });
    const refusals: [Record<string, unknown>, string][] = [
      [{ firstName: ' ' }, 'First Name is required'],
      [{ lastName: '' }, 'Last Name is required'],
      [{ country: 'Atlantis' }, 'Country must be a valid list value'],
      [{ firstName: 42 }, 'First Name is required'],
    ];
    for (const [change, message] of refusals) {
      const answer = await member.json<{ message: string }>('PUT', '/account/profile', { firstName: 'Ada', lastName: 'Byron', country: 'France', ...change });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect((await member.json<{ message: string }>('PUT', '/account/profile', { firstName: 'Ada', lastName: 'B', country: 'France', userId: 1 })).status).toBe(400);
    expect(await profileOf(member)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', country: 'Germany', isSeller: false });

    const changed = await member.json<AccountProfile>('PUT', '/account/profile', { firstName: ' Augusta ', lastName: 'King', country: 'France', socialNetwork: 'facebook.com/ignored' });
    expect(changed).toEqual({ status: 200, body: expect.objectContaining({ firstName: 'Augusta', lastName: 'King', country: 'France', socialNetwork: null }) });
    expect((await member.json<User>('GET', '/auth/checkhealth')).body).toMatchObject({ firstName: 'Augusta', lastName: 'King', country: 'France' });
    expect((await other.json<User>('GET', '/auth/checkhealth')).body).toMatchObject({ firstName: 'Bea', lastName: 'Lovelace', country: 'Germany' });
    const events = await app.deps.eventStore.readAll({ types: ['UserProfileChanged'] });
    expect(events).toHaveLength(1);
  });

  test('a seller keeps a social URL by SPEC §5: required, and the network of their country', async () => {
    const seller = await register('seller@example.com', { selectedRole: 'producer', socialNetwork: 'facebook.com/seller' });
    const base = { firstName: 'Sel', lastName: 'Ler', country: 'Germany' };
    expect((await seller.json<{ message: string }>('PUT', '/account/profile', { ...base, socialNetwork: '' })).body.message).toBe('Facebook personal URL is required');
    expect((await seller.json<{ message: string }>('PUT', '/account/profile', { ...base, socialNetwork: 'vk.com/seller' })).body.message).toBe('Is not a valid Facebook personal URL url');
    // Kazakhstan is a CIS country: its sellers give a VK page.
    expect((await seller.json<{ message: string }>('PUT', '/account/profile', { ...base, country: 'Kazakhstan', socialNetwork: 'facebook.com/seller' })).body.message).toBe(
      'Is not a valid VK personal URL url',
    );
    expect((await seller.json<AccountProfile>('GET', '/account/profile')).body).toMatchObject({ country: 'Germany', socialNetwork: 'facebook.com/seller' });
    const ok = await seller.json<AccountProfile>('PUT', '/account/profile', { ...base, country: 'Kazakhstan', socialNetwork: 'vk.com/seller' });
    expect(ok.body).toMatchObject({ isSeller: true, socialNetwork: 'vk.com/seller', country: 'Kazakhstan' });
  });

  test('avatar: checked by content, resized, shown as the user avatar; a fake or tiny picture is refused', async () => {
    const member = await register('avatar@example.com');
    const upload = (body: Buffer, type = 'image/png') =>
      fetch(`${app.baseUrl}/api/v1/account/avatar`, { method: 'POST', headers: { 'Content-Type': type, Cookie: member.cookieHeader() }, body: new Uint8Array(body) });
    // A GIF sent as a PNG: the content decides.
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } }).gif().toBuffer();
    const fake = await upload(gif);
    expect([fake.status, ((await fake.json()) as { message: string }).message]).toEqual([400, 'The picture must be a JPEG, PNG or WebP image; this file is GIF.']);
    expect((await upload(Buffer.from('not an image at all'))).status).toBe(400);
    const tiny = await upload(await png(40));
    expect(tiny.status).toBe(400);
    expect((await upload(await png(200), 'image/gif')).status).toBe(415);
    expect((await upload(Buffer.alloc(6 * 1024 * 1024), 'image/jpeg')).status).toBe(413);
    expect((await profileOf(member)).avatarSrc).toBeNull();

    const ok = await upload(await png(300));
    expect(ok.status).toBe(200);
    const { avatarSrc } = (await ok.json()) as AccountProfile;
    expect(avatarSrc).toMatch(/^\/media\/covers\/avatar-u\d+-[0-9a-f]{24}\/600\.jpg$/);
    const image = await fetch(`${app.baseUrl}${avatarSrc!.replace('600.jpg', '128.webp')}`);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(128);
    expect((await member.json<User>('GET', '/auth/checkhealth')).body.avatar).toEqual({ directSrc: avatarSrc });

    expect((await member.json<AccountProfile>('DELETE', '/account/avatar')).body.avatarSrc).toBeNull();
    expect((await fetch(`${app.baseUrl}${avatarSrc!}`)).status).toBe(404);
  });

  test('email change: the new address gets a link, the account changes only when it is followed, the old address is told', async () => {
    const member = await register('old.address@example.com');
    expect((await member.json<{ message: string }>('POST', '/account/email', { email: 'new.address@example.com', currentPassword: 'wrong1' })).body.message).toBe(
      CURRENT_PASSWORD_WRONG,
    );
    expect((await member.json<{ message: string }>('POST', '/account/email', { email: 'not-an-email', currentPassword: PASSWORD })).body.message).toBe('The Email must be valid');
    expect(await outboxTo('new.address@example.com')).toEqual([]);

    const asked = await member.json('POST', '/account/email', { email: ' New.Address@example.com ', currentPassword: PASSWORD });
    expect(asked).toEqual({ status: 200, body: { pendingEmail: 'new.address@example.com' } });
    expect(await profileOf(member)).toMatchObject({ email: 'old.address@example.com', pendingEmail: 'new.address@example.com' });
    expect((await logIn('new.address@example.com')).status).toBe(401);
    const [mail] = await outboxTo('new.address@example.com');
    const token = linkIn(mail!.text);
    expect(token).toBeDefined();

    expect((await browser().json('GET', `/auth/email-confirmation/${token}`)).status).toBe(200);
    expect(await profileOf(member)).toMatchObject({ email: 'new.address@example.com', pendingEmail: null });
    expect((await member.json<User>('GET', '/auth/checkhealth')).body).toMatchObject({ email: 'new.address@example.com', emailConfirmed: true });
    expect((await logIn('new.address@example.com')).status).toBe(200);
    expect((await logIn('old.address@example.com')).status).toBe(401);
    expect((await outboxTo('old.address@example.com')).map((sent) => sent.subject)).toContain('Your Beatcrate email was changed');
    // The link works once.
    expect((await browser().json('GET', `/auth/email-confirmation/${token}`)).status).toBe(400);
  });

  test('an address another account has is not revealed: the same answer, and its owner is told instead', async () => {
    await register('taken@example.com');
    const member = await register('wants.taken@example.com');
    expect((await member.json('POST', '/account/email', { email: 'taken@example.com', currentPassword: PASSWORD })).body).toEqual({ pendingEmail: 'taken@example.com' });
    const mails = await outboxTo('taken@example.com');
    expect(mails.map((sent) => sent.subject)).toContain('Someone tried to register at Beatcrate with your email');
    expect(mails.some((sent) => linkIn(sent.text) !== undefined && sent.subject.includes('new email'))).toBe(false);
  });

  test('password change: the old password is required, the new one by the rules; every other session ends, this one stays', async () => {
    await register('pass@example.com');
    const { member: here } = await logIn('pass@example.com');
    const { member: phone } = await logIn('pass@example.com', PASSWORD, IPHONE);
    const refusals: [Record<string, unknown>, string][] = [
      [{ currentPassword: 'wrong42' }, CURRENT_PASSWORD_WRONG],
      [{ currentPassword: '' }, 'Current password is required'],
      [{ password: 'short' }, 'Password must be at least 5 characters long contain both letters and numbers'],
      [{ confirmPassword: 'other42x' }, 'The Confirm Password field does not match'],
    ];
    for (const [change, message] of refusals) {
      const answer = await here.json<{ message: string }>('POST', '/account/password', { currentPassword: PASSWORD, password: 'fresh42x', confirmPassword: 'fresh42x', ...change });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect((await phone.json('GET', '/auth/checkhealth')).status).toBe(200);

    expect((await here.json('POST', '/account/password', { currentPassword: PASSWORD, password: 'fresh42x', confirmPassword: 'fresh42x' })).status).toBe(200);
    expect((await here.json('GET', '/auth/checkhealth')).status).toBe(200);
    expect((await phone.json('GET', '/auth/checkhealth')).status).toBe(401);
    expect((await logIn('pass@example.com')).status).toBe(401);
    expect((await logIn('pass@example.com', 'fresh42x')).status).toBe(200);
  });

  test('wrong current passwords are throttled like logins', async () => {
    await register('guess@example.com');
    const { member } = await logIn('guess@example.com');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await member.json('POST', '/account/password', { currentPassword: `wrong${attempt}x`, password: 'fresh42x', confirmPassword: 'fresh42x' })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    expect((await member.json('POST', '/account/password', { currentPassword: PASSWORD, password: 'fresh42x', confirmPassword: 'fresh42x' })).status).toBe(429);
    clock.advance(16 * 60_000);
  });

  test('active sessions: each browser named, the asking one marked; log out everywhere ends them all', async () => {
    await register('sessions@example.com');
    const { member: desk } = await logIn('sessions@example.com');
    clock.advance(5 * 60_000);
    const { member: phone } = await logIn('sessions@example.com', PASSWORD, IPHONE);
    const { body } = await desk.json<AccountSessionList>('GET', '/account/sessions');
    expect(body.sessions).toHaveLength(3);
    expect(body.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(body.sessions.find((session) => session.current)!.device).toBe('Chrome 131 on Windows 10 (desktop)');
    expect(body.sessions.map((session) => session.device)).toContain('Safari 17 on iOS 17.5 (mobile)');
    expect(body.sessions[0]!.lastSeenAt >= body.sessions[1]!.lastSeenAt).toBe(true);

    const out = await desk.call('POST', '/account/sessions/logout-all');
    expect(out.status).toBe(200);
    expect(desk.lastSetCookies.some((cookie) => cookie.value === '')).toBe(true);
    expect((await phone.json('GET', '/auth/checkhealth')).status).toBe(401);
    expect((await desk.json('GET', '/auth/checkhealth')).status).toBe(401);
    expect(await app.deps.eventStore.readAll({ types: ['UserLoggedOut'] })).not.toHaveLength(0);
  });

  test('delete my account: the password confirms it; afterwards login fails and the email may register again', async () => {
    const member = await register('leaving@example.com');
    expect((await member.json<{ message: string }>('POST', '/account/delete', { currentPassword: 'nope42x' })).body.message).toBe(CURRENT_PASSWORD_WRONG);
    expect((await member.json('GET', '/auth/checkhealth')).status).toBe(200);
    expect((await member.json('POST', '/account/delete', { currentPassword: PASSWORD })).status).toBe(200);
    expect((await member.json('GET', '/auth/checkhealth')).status).toBe(401);
    expect((await logIn('leaving@example.com')).status).toBe(401);
    expect((await browser().json('POST', '/auth/register', registration({ email: 'leaving@example.com' }))).status).toBe(201);
  });
});
