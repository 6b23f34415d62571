import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { readOutbox } from '../mail/outbox';
import { hashSecretToken } from './secretTokens';

const TOO_MANY = { statusCode: 429, message: 'Too many failed login attempts. Please try again in 15 minutes.' };
const WINDOW_MS = 15 * 60_000;

/**
 * Ten wrong passwords lock an account's logins for 15 minutes, so a stranger could lock its owner
 * out at will. The owner's own browsers, known from an earlier login, get through that lock with
 * the right password; everyone else waits, and each address keeps its own limit.
 */
describe('failed-login lock and known devices', () => {
  const clock = manualClock();
  let app: TestApp;
  let addresses = 0;
  const browser = (ip = `10.6.0.${++addresses}`) => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': ip });
  const logIn = (visitor: ApiBrowser, email: string, password = 'beats42') => visitor.json('POST', '/auth/login', { email, password });
  /** The owner's browser: it registered, so it is a known device of the account. */
  const owner = async (email: string) => {
    const device = browser();
    expect((await device.call('POST', '/auth/register', registration({ email }))).status).toBe(201);
    expect((await device.json('POST', '/auth/logout')).status).toBe(200);
    return device;
  };
  const lockOut = async (email: string) => {
    for (let guess = 0; guess < 10; guess++) expect((await logIn(browser(), email, `guess${guess}x`)).status).toBe(401);
  };

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1' } });
  });
  afterEach(() => clock.advance(WINDOW_MS + 1));
  afterAll(() => app.close());

  test("a stranger's guesses lock the account for unknown browsers; the owner's known browser gets in with the right password", async () => {
    const device = await owner('locked@example.com');
    await lockOut('locked@example.com');
    expect(await logIn(browser(), 'locked@example.com')).toEqual({ status: 429, body: TOO_MANY });
    expect((await logIn(device, 'locked@example.com')).status).toBe(200);
  });

  test('a device is known to the accounts that logged in from it, not to others', async () => {
    const device = await owner('first@example.com');
    await owner('second@example.com');
    await lockOut('second@example.com');
    expect(await logIn(device, 'second@example.com')).toEqual({ status: 429, body: TOO_MANY });
    // Logging in to a second account from the same browser makes it known to both.
    const shared = await owner('third@example.com');
    expect((await logIn(shared, 'first@example.com')).status).toBe(200);
    await lockOut('first@example.com');
    expect((await logIn(shared, 'first@example.com')).status).toBe(200);
  });

  test('a known device guessing wrong still counts, and after 10 failures of its own it waits too', async () => {
    const device = await owner('thief@example.com');
    await lockOut('thief@example.com');
    for (let guess = 0; guess < 10; guess++) expect((await logIn(device, 'thief@example.com', `wrong${guess}x`)).status).toBe(401);
    expect(await logIn(device, 'thief@example.com')).toEqual({ status: 429, body: TOO_MANY });
  });

  test("a forged or unknown device cookie is no known device", async () => {
    await owner('forged@example.com');
    await lockOut('forged@example.com');
    const forger = browser();
    forger.cookies.set('beatcrate_device', 'A'.repeat(43));
    expect(await logIn(forger, 'forged@example.com')).toEqual({ status: 429, body: TOO_MANY });
    forger.cookies.set('beatcrate_device', 'not a token');
    expect(await logIn(forger, 'forged@example.com')).toEqual({ status: 429, body: TOO_MANY });
  });

  test("the address's own limit holds for a known device", async () => {
    const ip = '10.6.99.1';
    const device = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': ip });
    expect((await device.call('POST', '/auth/register', registration({ email: 'shared-ip@example.com' }))).status).toBe(201);
    for (let guess = 0; guess < 10; guess++) expect((await logIn(device, `someone${guess}@example.com`)).status).toBe(401);
    expect(await logIn(device, 'shared-ip@example.com')).toEqual({ status: 429, body: TOO_MANY });
  });

  test('the device cookie: random, httpOnly, SameSite=Lax, kept a year, renewed at each login, stored only as its hash', async () => {
    const device = browser();
    await device.call('POST', '/auth/register', registration({ email: 'cookie@example.com' }));
    const cookie = device.lastSetCookies.find((set) => set.name === 'beatcrate_device')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': String(365 * 24 * 3600) });
    await logIn(device, 'cookie@example.com');
    expect(device.lastSetCookies.find((set) => set.name === 'beatcrate_device')?.value).toBe(cookie.value);
    const rows = await app.deps.database.query.selectFrom('known_devices').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).toContain(hashSecretToken(cookie.value));
    expect(JSON.stringify(rows)).not.toContain(cookie.value);
  });

  test("a password reset through the mailed link lifts the account's lock, for any browser", async () => {
    await owner('forgetful@example.com');
    await lockOut('forgetful@example.com');
    await browser().call('POST', '/auth/reset', { email: 'forgetful@example.com' });
    const mail = (await readOutbox(app.deps.database, 50)).find((m) => m.to === 'forgetful@example.com' && m.text.includes('/reset-password/'))!;
    const token = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect((await browser().json('POST', `/auth/reset/new/${token}`, { password: 'newbeats7' })).status).toBe(200);
    expect((await logIn(browser(), 'forgetful@example.com', 'newbeats7')).status).toBe(200);
  });
});
