import type { User } from '../../shared/schemas/auth';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { readOutbox } from '../mail/outbox';

const HOUR_MS = 3_600_000;

/** Who our account mails reach, how often, and what they may say. */
describe('registration and account mails', () => {
  const clock = manualClock();
  let app: TestApp;
  let addresses = 0;
  const browser = (ip = `10.5.0.${++addresses}`) => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': ip });
  const mailsTo = async (to: string) => (await readOutbox(app.deps.database, 500)).filter((mail) => mail.to === to);
  const register = (visitor: ApiBrowser, overrides: Record<string, unknown>) => visitor.json<User>('POST', '/auth/register', registration(overrides));

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1', REGISTRATIONS_PER_HOUR: '3', RESET_REQUESTS_PER_15_MINUTES: '100' } });
  });
  afterAll(() => app.close());

  test('one address may attempt 3 registrations an hour, whatever their outcome; others go on', async () => {
    const flooder = browser();
    expect((await register(flooder, { email: 'flood1@example.com' })).status).toBe(201);
    expect((await register(flooder, { email: 'flood1@example.com' })).status).toBe(409);
    expect((await register(flooder, { email: 'flood2@example.com' })).status).toBe(201);
    expect(await register(flooder, { email: 'flood3@example.com' })).toEqual({
      status: 429,
      body: { statusCode: 429, message: 'Too many registrations from this address; try again in an hour' },
    });
    expect(await mailsTo('flood3@example.com')).toEqual([]);
    expect((await register(browser(), { email: 'flood3@example.com' })).status).toBe(201);
  });

  test('the confirmation mail greets no one by name: until the address is confirmed, the name is whatever a stranger typed', async () => {
    const spam = 'WIN A PRIZE at spam.example';
    expect((await register(browser(), { email: 'inbox@example.com', firstName: spam, lastName: spam })).status).toBe(201);
    const [mail] = await mailsTo('inbox@example.com');
    expect(mail!.subject).toBe('Confirm your email for Beatcrate');
    expect(mail!.text.startsWith('Hello,\n')).toBe(true);
    expect(mail!.text).not.toContain('spam.example');
    const raw = await app.deps.database.query.selectFrom('mail_outbox').select('raw_message').where('to_address', '=', 'inbox@example.com').execute();
    expect(raw.map((row) => row.raw_message).join('')).not.toContain('spam.example');
  });

  test('a taken email is answered 409, and its owner alone is told someone tried — once a day at most, without the typed name', async () => {
    expect((await register(browser(), { email: 'owner@example.com' })).status).toBe(201);
    const attempt = () => register(browser(), { email: ' OWNER@example.com', firstName: 'Call 555-SPAM' });
    expect(await attempt()).toEqual({ status: 409, body: { statusCode: 409, message: 'This email is already registered' } });
    expect((await attempt()).status).toBe(409);
    const notices = (await mailsTo('owner@example.com')).filter((mail) => mail.subject === 'Someone tried to register at Beatcrate with your email');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(`${app.deps.config.publicUrl}/?login=true`);
    expect(notices[0]!.text).not.toContain('555-SPAM');
    clock.advance(24 * HOUR_MS);
    expect((await attempt()).status).toBe(409);
    expect((await mailsTo('owner@example.com')).filter((mail) => mail.subject.startsWith('Someone tried'))).toHaveLength(2);
  });

  test('a reset mail greets by name only once the address is confirmed', async () => {
    const { body: user } = await register(browser(), { email: 'named@example.com', firstName: 'Grace' });
    await browser().call('POST', '/auth/reset', { email: 'named@example.com' });
    const [unconfirmed] = (await mailsTo('named@example.com')).filter((mail) => mail.subject === 'Reset your Beatcrate password');
    expect(unconfirmed!.text.startsWith('Hello,\n')).toBe(true);

    const link = (await mailsTo('named@example.com')).find((mail) => mail.subject.startsWith('Confirm'))!;
    const token = /email-confirmation\/([A-Za-z0-9_-]{43})/.exec(link.text)![1]!;
    expect((await browser().call('GET', `/auth/email-confirmation/${token}`)).status).toBe(200);
    await app.deps.projector.catchUp();
    clock.advance(HOUR_MS);
    await browser().call('POST', '/auth/reset', { email: 'named@example.com' });
    const [confirmed] = (await mailsTo('named@example.com')).filter((mail) => mail.subject === 'Reset your Beatcrate password');
    expect(confirmed!.text.startsWith('Hi Grace,\n')).toBe(true);
    expect(user.firstName).toBe('Grace');
  });

  test('each recipient gets at most 3 account mails an hour, from however many addresses they are asked for', async () => {
    expect((await register(browser(), { email: 'bombed@example.com' })).status).toBe(201);
    for (let request = 0; request < 6; request++) {
      expect(await browser().json('POST', '/auth/reset', { email: 'bombed@example.com' })).toEqual({ status: 200, body: { status: 'ok' } });
    }
    expect(await mailsTo('bombed@example.com')).toHaveLength(3);
    clock.advance(HOUR_MS);
    await browser().call('POST', '/auth/reset', { email: 'bombed@example.com' });
    expect(await mailsTo('bombed@example.com')).toHaveLength(4);
  });
});
