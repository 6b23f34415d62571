import type { User } from '../../shared/schemas/auth';
import { API_ENDPOINTS } from './apiEndpoints';
import { createInProcessApi } from './inProcessApi';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

const INCORRECT = 'Email or password is incorrect';
const TOO_MANY = 'Too many failed login attempts. Please try again in 15 minutes.';
const DAY_MS = 24 * 3_600_000;

describe('accounts: register, log in, log out, check health', () => {
  const clock = manualClock();
  let app: TestApp;
  let ipCounter = 0;
  /** Each browser gets its own address, so the per-address login limit stays out of the way unless a test wants it. */
  const browser = (ip = `10.0.0.${++ipCounter}`) => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': ip });
  const registered = async (email: string, overrides: Record<string, unknown> = {}) => {
    const visitor = browser();
    const response = await visitor.json<User>('POST', '/auth/register', registration({ email, ...overrides }));
    expect(response.status).toBe(201);
    return { visitor, user: response.body };
  };
  const logIn = (visitor: ApiBrowser, email: string, password = 'beats42', remember = false) =>
    visitor.json('POST', '/auth/login', { email, password, remember });

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  describe('POST /auth/register', () => {
    test('creates the account, answers the User, logs it in with "remember me" and mails the confirmation link', async () => {
      const visitor = browser();
      const response = await visitor.json<User>('POST', '/auth/register', registration({ email: '  Grace@Example.COM ' }));
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        email: 'grace@example.com',
        roles: ['client'],
        currentRole: 'client',
        firstName: 'Ada',
        lastName: 'Lovelace',
        avatar: null,
        isProBuyer: false,
        emailConfirmed: false,
        country: 'Germany',
        producerId: null,
      });
      const [cookie] = visitor.lastSetCookies;
      expect(cookie).toMatchObject({ name: 'beatcrate_session', attributes: { 'max-age': String(30 * 24 * 3600), httponly: true, samesite: 'Lax', path: '/' } });
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await visitor.json('GET', '/auth/checkhealth')).toEqual({ status: 200, body: response.body });

      const mail = await app.deps.database.query.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ to_address: 'grace@example.com', subject: 'Confirm your email for Beatcrate' });
      expect(mail.text).toMatch(new RegExp(`${app.deps.config.publicUrl}/email-confirmation/[A-Za-z0-9_-]{43}`));
    });

    test("takes SPEC §7's whole body: the form with isBuyer, the country code and the password display flags, plus selectedRole", async () => {
      const { user: buyer } = await registered('whole-buyer@example.com', { isBuyer: true, isShowPassword: true, isShowConfirmPassword: false });
      expect(buyer).toMatchObject({ roles: ['client'], country: 'Germany' });
      const { user: seller } = await registered('whole-seller@example.com', {
        isBuyer: false,
        selectedRole: 'producer',
        country: 'Kazakhstan',
        countryShortName: 'KZ',
        socialNetwork: 'vk.com/beatmaker',
      });
      expect(seller).toMatchObject({ roles: ['producer'], country: 'Kazakhstan' });
    });

    test.each([
      ['a buyer flag on a seller', { isBuyer: true, selectedRole: 'producer', socialNetwork: 'facebook.com/ada' }, 'Invalid registration: isBuyer contradicts selectedRole: a buyer registers as client, a seller as producer'],
      ['a seller flag on a buyer', { isBuyer: false }, 'Invalid registration: isBuyer contradicts selectedRole: a buyer registers as client, a seller as producer'],
      ['a key the form does not have', { isAdmin: true }, 'Invalid isAdmin: no such field in this request'],
      ['a display flag that is not a flag', { isShowPassword: 'yes' }, 'Invalid isShowPassword: Expected a value of type `boolean`, but received: `"yes"`'],
      ['the country code of another country', { countryShortName: 'FR' }, 'Invalid countryShortName: Germany is not FR'],
    ])('refuses %s with 400, storing nothing', async (_, change, message) => {
      const response = await browser().json('POST', '/auth/register', registration({ email: 'contradiction@example.com', ...change }));
      expect(response).toEqual({ status: 400, body: { statusCode: 400, message } });
      const claims = await app.deps.database.query.selectFrom('user_credentials').select('email').where('email', '=', 'contradiction@example.com').execute();
      expect(claims).toEqual([]);
    });

    test('a seller from Russia registers with a VK URL and gets the producer role', async () => {
      const { user } = await registered('seller@example.com', { selectedRole: 'producer', country: 'Russia', countryShortName: 'RU', socialNetwork: 'vk.com/beatmaker' });
      expect(user).toMatchObject({ roles: ['producer'], currentRole: 'producer', country: 'Russia' });
    });

    test('ids are numbers handed out in order', async () => {
      const first = await registered('first-id@example.com');
      const second = await registered('second-id@example.com');
      expect(second.user.id).toBe(first.user.id + 1);
    });

    test('an email registers once, whatever its case and spaces', async () => {
      await registered('dup@example.com');
      const again = await browser().json('POST', '/auth/register', registration({ email: ' DUP@example.com' }));
      expect(again).toEqual({ status: 409, body: { statusCode: 409, message: 'This email is already registered' } });
    });

    test('two registrations racing for one email: exactly one wins', async () => {
      const attempts = await Promise.all([1, 2, 3].map(() => browser().json('POST', '/auth/register', registration({ email: 'race@example.com' }))));
      expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    });

    test('an email claimed by a registration that died before its event is free again a minute later', async () => {
      await app.deps.database.transaction((tx) =>
        tx
          .insertInto('user_credentials')
          .values({ user_id: 9999, email: 'orphan@example.com', password_hash: 'x', created_at: clock.now().getTime() - 120_000 })
          .execute(),
      );
      await registered('orphan@example.com');
    });

    test.each([
      ['an empty form', {}, 'First Name is required', ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'country', 'agreeTerms']],
      ['a blank first name', { firstName: '  ' }, 'First Name is required', ['firstName']],
      ['a bad email', { email: 'ada@' }, 'The Email must be valid', ['email']],
      ['a password without digits', { password: 'abcdefg', confirmPassword: 'abcdefg' }, 'Password must be at least 5 characters long contain both letters and numbers', ['password']],
      ['a password of 71 characters', { password: `a1${'x'.repeat(69)}`, confirmPassword: `a1${'x'.repeat(69)}` }, 'Password must be at least 5 characters long contain both letters and numbers', ['password']],
      ['a confirmation that differs', { confirmPassword: 'beats43' }, 'The Confirm Password field does not match', ['confirmPassword']],
      ['a country not in the list', { country: 'Atlantis' }, 'Country must be a valid list value', ['country']],
      ['"Russian Federation" (the list says Russia)', { country: 'Russian Federation' }, 'Country must be a valid list value', ['country']],
      ['terms not agreed', { agreeTerms: false }, 'You must read and agree to the Terms & Conditions in order to proceed', ['agreeTerms']],
      ['a seller without a social URL', { selectedRole: 'producer' }, 'Facebook personal URL is required', ['socialNetwork']],
      ['a Russian seller with a Facebook URL', { selectedRole: 'producer', country: 'Russia', socialNetwork: 'facebook.com/ada' }, 'Is not a valid VK personal URL url', ['socialNetwork']],
    ])('refuses %s with 400 and SPEC\'s message', async (_, change, message, fields) => {
      const body = Object.keys(change).length === 0 ? {} : registration({ email: 'refused@example.com', ...change });
      const response = await browser().json<{ statusCode: number; message: string; errors: Record<string, string> }>('POST', '/auth/register', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, message });
      expect(Object.keys(response.body.errors)).toEqual(fields);
    });

    test.each([
      ['an unknown role', { selectedRole: 'admin' }, /selectedRole/],
      ['a string for agreeTerms', { agreeTerms: 'yes' }, /Terms/],
      ['a first name of 101 characters', { firstName: 'x'.repeat(101) }, /firstName/],
    ])('refuses %s with 400', async (_, change, message) => {
      const response = await browser().json<{ message: string }>('POST', '/auth/register', registration({ email: 'refused@example.com', ...change }));
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });

    test('nothing of a refused registration is stored', async () => {
      const claims = await app.deps.database.query.selectFrom('user_credentials').select('email').where('email', '=', 'refused@example.com').execute();
      expect(claims).toEqual([]);
    });
  });

  describe('POST /auth/login', () => {
    test('answers the User and sets a browser-session cookie without "remember me"', async () => {
      const { user } = await registered('login@example.com');
      const visitor = browser();
      expect(await logIn(visitor, ' LOGIN@example.com')).toEqual({ status: 200, body: user });
      const [cookie] = visitor.lastSetCookies;
      expect(cookie).toMatchObject({ name: 'beatcrate_session', attributes: { httponly: true, samesite: 'Lax', path: '/' } });
      expect(cookie!.attributes).not.toHaveProperty('max-age');
      expect(cookie!.attributes).not.toHaveProperty('expires');
      expect(cookie!.attributes).not.toHaveProperty('secure');
      expect((await visitor.json('GET', '/auth/checkhealth')).body).toEqual(user);
    });

    test('"remember me" sets a cookie kept for 30 days', async () => {
      await registered('remember@example.com');
      const visitor = browser();
      await logIn(visitor, 'remember@example.com', 'beats42', true);
      expect(visitor.lastSetCookies[0]!.attributes['max-age']).toBe(String(30 * 24 * 3600));
    });

    test('the cookie is Secure when the request came over HTTPS through the proxy', async () => {
      await registered('secure@example.com');
      const visitor = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.9.9.9', 'X-Forwarded-Proto': 'https' });
      await logIn(visitor, 'secure@example.com');
      expect(visitor.lastSetCookies[0]!.attributes.secure).toBe(true);
    });

    test('a wrong password and an unknown email get the same 401', async () => {
      await registered('wrong@example.com');
      const expected = { status: 401, body: { statusCode: 401, message: INCORRECT } };
      expect(await logIn(browser(), 'wrong@example.com', 'beats43')).toEqual(expected);
      expect(await logIn(browser(), 'nobody@example.com', 'beats42')).toEqual(expected);
    });

    test.each([
      ['nothing', {}, 'Email is required', { email: 'Email is required', password: 'Password is required' }],
      ['a bad email', { email: 'x', password: 'beats42' }, 'The Email must be valid', { email: 'The Email must be valid' }],
      ['a short password', { email: 'a@b.co', password: '1234' }, 'The Password field must be at least 5 characters', { password: 'The Password field must be at least 5 characters' }],
      ['a JSON array', [], 'Email is required', { email: 'Email is required', password: 'Password is required' }],
    ])('refuses %s with 400 and SPEC\'s messages', async (_, body, message, errors) => {
      expect(await browser().json('POST', '/auth/login', body)).toEqual({ status: 400, body: { statusCode: 400, message, errors } });
    });

    test('refuses a non-boolean remember with 400', async () => {
      const response = await browser().json<{ message: string }>('POST', '/auth/login', { email: 'a@b.co', password: 'beats42', remember: 'yes' });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/remember/);
    });

    test('a new login rotates the token: the previous cookie is anonymous afterwards', async () => {
      await registered('rotate@example.com');
      const visitor = browser();
      await logIn(visitor, 'rotate@example.com');
      const before = visitor.cookies.get('beatcrate_session')!;
      await logIn(visitor, 'rotate@example.com');
      const after = visitor.cookies.get('beatcrate_session')!;
      expect(after).not.toBe(before);
      const replay = browser();
      replay.cookies.set('beatcrate_session', before);
      expect((await replay.json('GET', '/auth/checkhealth')).status).toBe(401);
      expect((await visitor.json('GET', '/auth/checkhealth')).status).toBe(200);
    });

    test('a blocked account is refused with 403, at login and at the health check', async () => {
      const { visitor, user } = await registered('blocked@example.com');
      const { append } = await handleCommand(app.deps.eventStore, userStreamId(user.id), userDecider, { type: 'Block', userId: user.id });
      await app.deps.projector.waitFor(append!.lastPosition);
      expect(await visitor.json('GET', '/auth/checkhealth')).toEqual({ status: 403, body: { statusCode: 403, message: 'This account has been blocked' } });
      expect((await logIn(browser(), 'blocked@example.com')).status).toBe(403);
      expect((await logIn(browser(), 'blocked@example.com', 'beats43')).status).toBe(401);
    });

    test('refuses a login sent on behalf of another site', async () => {
      await registered('csrf@example.com');
      const response = await browser().call('POST', '/auth/login', { email: 'csrf@example.com', password: 'beats42' }, { Origin: 'https://evil.example' });
      expect(response.status).toBe(403);
    });
  });

  describe('failed-login limit', () => {
    test('10 failures for one account within 15 minutes, from any addresses, stop its logins for 15 minutes', async () => {
      await registered('target@example.com');
      for (let i = 0; i < 10; i++) expect((await logIn(browser(), 'target@example.com', 'guess123')).status).toBe(401);
      const refused = await logIn(browser(), 'target@example.com');
      expect(refused).toEqual({ status: 429, body: { statusCode: 429, message: TOO_MANY } });
      expect((await logIn(browser(), 'TARGET@example.com', 'guess123')).status).toBe(429);
      clock.advance(15 * 60_000 + 1);
      expect((await logIn(browser(), 'target@example.com')).status).toBe(200);
    });

    test('10 failures from one address stop its logins, to any account; other addresses go on', async () => {
      await registered('bystander@example.com');
      const attacker = '10.66.0.1';
      for (let i = 0; i < 10; i++) expect((await logIn(browser(attacker), `victim${i}@example.com`, 'guess123')).status).toBe(401);
      expect((await logIn(browser(attacker), 'bystander@example.com')).body).toEqual({ statusCode: 429, message: TOO_MANY });
      expect((await logIn(browser(), 'bystander@example.com')).status).toBe(200);
      clock.advance(15 * 60_000 + 1);
    });

    test('a successful login clears its account\'s count but not its address\'s', async () => {
      await registered('mixed@example.com');
      const address = '10.77.0.1';
      for (let i = 0; i < 9; i++) expect((await logIn(browser(address), 'mixed@example.com', 'guess123')).status).toBe(401);
      expect((await logIn(browser(address), 'mixed@example.com')).status).toBe(200);
      expect((await logIn(browser(address), `other${Date.now()}@example.com`, 'guess123')).status).toBe(401);
      expect((await logIn(browser(address), 'mixed@example.com')).status).toBe(429);
      // From elsewhere the account itself is not limited: its own count was cleared.
      for (let i = 0; i < 9; i++) expect((await logIn(browser(), 'mixed@example.com', 'guess123')).status).toBe(401);
      expect((await logIn(browser(), 'mixed@example.com')).status).toBe(200);
      clock.advance(15 * 60_000 + 1);
    });
  });

  describe('POST /auth/logout and sessions', () => {
    test('revokes the session and clears the cookie; the old cookie replayed is anonymous', async () => {
      const { visitor } = await registered('logout@example.com');
      const token = visitor.cookies.get('beatcrate_session')!;
      expect(await visitor.json('POST', '/auth/logout')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(visitor.lastSetCookies[0]).toMatchObject({ name: 'beatcrate_session', value: '' });
      expect(visitor.cookies.has('beatcrate_session')).toBe(false);
      const replay = browser();
      replay.cookies.set('beatcrate_session', token);
      expect(await replay.json('GET', '/auth/checkhealth')).toEqual({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
    });

    test('logging out without a session is fine', async () => {
      expect(await browser().json('POST', '/auth/logout')).toEqual({ status: 200, body: { status: 'ok' } });
    });

    test('no cookie, a malformed cookie or an unknown token is 401', async () => {
      expect((await browser().json('GET', '/auth/checkhealth')).status).toBe(401);
      const forged = browser();
      forged.cookies.set('beatcrate_session', 'not-a-token');
      expect((await forged.json('GET', '/auth/checkhealth')).status).toBe(401);
      forged.cookies.set('beatcrate_session', 'A'.repeat(43));
      expect((await forged.json('GET', '/auth/checkhealth')).status).toBe(401);
    });

    test('a browser-session login expires on the server after 12 hours; a remembered one after 30 days', async () => {
      await registered('expiry@example.com');
      const short = browser();
      const long = browser();
      await logIn(short, 'expiry@example.com');
      await logIn(long, 'expiry@example.com', 'beats42', true);
      clock.advance(12 * 3_600_000 - 1000);
      expect((await short.json('GET', '/auth/checkhealth')).status).toBe(200);
      clock.advance(2000);
      expect((await short.json('GET', '/auth/checkhealth')).status).toBe(401);
      clock.advance(29 * DAY_MS);
      expect((await long.json('GET', '/auth/checkhealth')).status).toBe(200);
      clock.advance(DAY_MS);
      expect((await long.json('GET', '/auth/checkhealth')).status).toBe(401);
    });

    test('server rendering\'s in-process API sees the user of the page request\'s cookie', async () => {
      const { visitor, user } = await registered('ssr@example.com');
      const cookies = { beatcrate_session: visitor.cookies.get('beatcrate_session')! };
      const api = createInProcessApi(API_ENDPOINTS, app.deps, { ip: '127.0.0.1', cookies, headers: {} });
      expect(await api.request({ method: 'GET', path: '/auth/checkhealth' })).toEqual(user);
      const guest = createInProcessApi(API_ENDPOINTS, app.deps, { ip: '127.0.0.1', cookies: {}, headers: {} });
      await expect(guest.request({ method: 'GET', path: '/auth/checkhealth' })).rejects.toMatchObject({ statusCode: 401 });
      const page = await fetch(`${app.baseUrl}/`, { headers: { Cookie: `beatcrate_session=${cookies.beatcrate_session}` } });
      expect(page.status).toBe(200);
    });
  });

  test('GET /countries lists countries by name, spelled as SPEC spells the CIS ones', async () => {
    const { status, body } = await browser().json<{ name: string; shortName: string }[]>('GET', '/countries');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(240);
    expect(body).toEqual(expect.arrayContaining([{ name: 'Russia', shortName: 'RU' }, { name: 'Kazakhstan', shortName: 'KZ' }, { name: 'Belarus', shortName: 'BY' }]));
    expect(body.map((c) => c.name)).toEqual([...body.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  test('no password or hash ever reaches the event store', async () => {
    const events = JSON.stringify(await app.deps.eventStore.readAll({ limit: 10_000 }));
    expect(events).not.toContain('beats42');
    expect(events).not.toContain('scrypt');
    expect(events).not.toMatch(/hash/i);
  });
});
