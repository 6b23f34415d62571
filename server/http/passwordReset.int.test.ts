import type { User } from '../../shared/schemas/auth';
import { formatOutboxMail, readOutbox } from '../mail/outbox';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

const RESET_INVALID = { statusCode: 400, message: 'This password reset link is invalid or has expired' };
const CONFIRMATION_INVALID = { statusCode: 400, message: 'This email confirmation link is invalid or has expired' };
const OK = { status: 'ok' };

describe('password reset and email confirmation', () => {
  const clock = manualClock();
  let app: TestApp;
  const browser = () => new ApiBrowser(app.baseUrl);
  const outboxSize = async () => (await app.deps.database.query.selectFrom('mail_outbox').select('id').execute()).length;
  /** The token of the newest mail to `to` whose link goes to `page`. */
  const mailedToken = async (to: string, page: 'reset-password' | 'email-confirmation') => {
    const mail = (await readOutbox(app.deps.database, 50)).find((m) => m.to === to && m.text.includes(`/${page}/`));
    const match = new RegExp(`${app.deps.config.publicUrl}/${page}/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
    if (!match) throw new Error(`no ${page} mail to ${to}`);
    return match[1]!;
  };
  const register = async (email: string) => {
    const visitor = browser();
    const { status, body } = await visitor.json<User>('POST', '/auth/register', registration({ email }));
    expect(status).toBe(201);
    return { visitor, user: body };
  };
  const logIn = (visitor: ApiBrowser, email: string, password: string) => visitor.json('POST', '/auth/login', { email, password });

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { RESET_REQUESTS_PER_15_MINUTES: '1000' } });
  });
  afterAll(() => app.close());

  describe('POST /auth/reset', () => {
    test('mails a reset link for a known email, and answers the same for an unknown one', async () => {
      await register('known@example.com');
      const before = await outboxSize();
      expect(await browser().json('POST', '/auth/reset', { email: 'nobody@example.com' })).toEqual({ status: 200, body: OK });
      expect(await outboxSize()).toBe(before);
      expect(await browser().json('POST', '/auth/reset', { email: ' Known@Example.com' })).toEqual({ status: 200, body: OK });
      expect(await outboxSize()).toBe(before + 1);
      const [mail] = await readOutbox(app.deps.database, 1);
      expect(mail).toMatchObject({ to: 'known@example.com', subject: 'Reset your Beatcrate password' });
      expect(mail!.text).toContain(`${app.deps.config.publicUrl}/reset-password/`);
    });

    test('the outbox keeps the real MIME message, and `npm run outbox` shows the link', async () => {
      await register('mime@example.com');
      await browser().call('POST', '/auth/reset', { email: 'mime@example.com' });
      const row = await app.deps.database.query.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.raw_message).toMatch(/^Content-Type: multipart\/alternative/m);
      expect(row.raw_message).toMatch(/^Message-ID: <.+>$/m);
      expect(row.raw_message).toContain('To: mime@example.com');
      expect(row.raw_message).toContain('From: Beatcrate <no-reply@localhost>');
      expect(row.raw_message).toContain('Subject: Reset your Beatcrate password');
      const [newest] = await readOutbox(app.deps.database, 1);
      const printed = formatOutboxMail(newest!);
      expect(printed).toContain('To:      mime@example.com');
      expect(printed).toContain('Subject: Reset your Beatcrate password');
      expect(printed).toContain(`/reset-password/${await mailedToken('mime@example.com', 'reset-password')}`);
    });

    test.each([
      [{}, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'The Email must be valid'],
    ])('refuses %p with 400: %s', async (body, message) => {
      expect(await browser().json('POST', '/auth/reset', body)).toEqual({ status: 400, body: { statusCode: 400, message, errors: { email: message } } });
    });
  });

  describe('the reset link', () => {
    test('validates, sets the new password once, and logs the account out everywhere', async () => {
      const { visitor: first } = await register('reset@example.com');
      const second = browser();
      await logIn(second, 'reset@example.com', 'beats42');
      await browser().call('POST', '/auth/reset', { email: 'reset@example.com' });
      const token = await mailedToken('reset@example.com', 'reset-password');

      expect(await browser().json('GET', `/auth/reset/validate/${token}`)).toEqual({ status: 200, body: OK });
      expect(await browser().json('POST', `/auth/reset/new/${token}`, { password: 'fresh123' })).toEqual({ status: 200, body: OK });

      expect((await first.json('GET', '/auth/checkhealth')).status).toBe(401);
      expect((await second.json('GET', '/auth/checkhealth')).status).toBe(401);
      expect((await logIn(browser(), 'reset@example.com', 'beats42')).status).toBe(401);
      expect((await logIn(browser(), 'reset@example.com', 'fresh123')).status).toBe(200);

      expect(await browser().json('GET', `/auth/reset/validate/${token}`)).toEqual({ status: 400, body: RESET_INVALID });
      expect(await browser().json('POST', `/auth/reset/new/${token}`, { password: 'again123' })).toEqual({ status: 400, body: RESET_INVALID });
      expect((await logIn(browser(), 'reset@example.com', 'again123')).status).toBe(401);
    });

    test('a reset voids the older links of the account', async () => {
      await register('twice@example.com');
      await browser().call('POST', '/auth/reset', { email: 'twice@example.com' });
      const older = await mailedToken('twice@example.com', 'reset-password');
      await browser().call('POST', '/auth/reset', { email: 'twice@example.com' });
      const newer = await mailedToken('twice@example.com', 'reset-password');
      expect(newer).not.toBe(older);
      expect((await browser().json('POST', `/auth/reset/new/${newer}`, { password: 'fresh123' })).status).toBe(200);
      expect(await browser().json('GET', `/auth/reset/validate/${older}`)).toEqual({ status: 400, body: RESET_INVALID });
    });

    test('expires after 1 hour', async () => {
      await register('slow@example.com');
      await browser().call('POST', '/auth/reset', { email: 'slow@example.com' });
      const token = await mailedToken('slow@example.com', 'reset-password');
      clock.advance(3_600_000 - 1000);
      expect((await browser().json('GET', `/auth/reset/validate/${token}`)).status).toBe(200);
      clock.advance(1000);
      expect(await browser().json('GET', `/auth/reset/validate/${token}`)).toEqual({ status: 400, body: RESET_INVALID });
      expect(await browser().json('POST', `/auth/reset/new/${token}`, { password: 'fresh123' })).toEqual({ status: 400, body: RESET_INVALID });
    });

    test.each([
      ['no password', {}, 'Password is required', { password: 'Password is required' }],
      ['a weak password', { password: 'abcdef' }, 'Password must be at least 5 characters long contain both letters and numbers', { password: 'Password must be at least 5 characters long contain both letters and numbers' }],
    ])('refuses %s with 400 and SPEC\'s messages, keeping the link usable', async (label, body, message, errors) => {
      const email = `${label.replace(/\W/g, '-')}@example.com`;
      await register(email);
      await browser().call('POST', '/auth/reset', { email });
      const token = await mailedToken(email, 'reset-password');
      expect(await browser().json('POST', `/auth/reset/new/${token}`, body)).toEqual({ status: 400, body: { statusCode: 400, message, errors } });
      expect((await browser().json('GET', `/auth/reset/validate/${token}`)).status).toBe(200);
    });

    test('takes {password} alone (SPEC §7): the confirmation is the form\'s to check, and a body carrying one is refused', async () => {
      await register('confirmation@example.com');
      await browser().call('POST', '/auth/reset', { email: 'confirmation@example.com' });
      const token = await mailedToken('confirmation@example.com', 'reset-password');
      expect(await browser().json('POST', `/auth/reset/new/${token}`, { password: 'fresh123', confirmPassword: 'fresh123' })).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'Invalid confirmPassword: no such field in this request' },
      });
      expect(await browser().json('POST', `/auth/reset/new/${token}`, { password: 'fresh123' })).toEqual({ status: 200, body: OK });
    });

    test.each(['unknown-token', 'A'.repeat(43), 'x'.repeat(500)])('an invented token (%#) is refused with 400', async (token) => {
      expect(await browser().json('GET', `/auth/reset/validate/${token}`)).toEqual({ status: 400, body: RESET_INVALID });
      expect(await browser().json('POST', `/auth/reset/new/${token}`, { password: 'fresh123' })).toEqual({ status: 400, body: RESET_INVALID });
    });

    test('a link with a broken %-escape is a 400, not a crash', async () => {
      expect((await browser().json('GET', '/auth/reset/validate/%E0%A4%A')).status).toBe(400);
      expect((await browser().json('GET', '/auth/email-confirmation/%zz')).status).toBe(400);
    });

    test('a confirmation link is no reset link', async () => {
      await register('mixup@example.com');
      const token = await mailedToken('mixup@example.com', 'email-confirmation');
      expect(await browser().json('GET', `/auth/reset/validate/${token}`)).toEqual({ status: 400, body: RESET_INVALID });
    });
  });

  describe('GET /auth/email-confirmation/{token}', () => {
    test('confirms the email once', async () => {
      const { visitor } = await register('confirm@example.com');
      const token = await mailedToken('confirm@example.com', 'email-confirmation');
      expect(await browser().json('GET', `/auth/email-confirmation/${token}`)).toEqual({ status: 200, body: OK });
      expect((await visitor.json<User>('GET', '/auth/checkhealth')).body.emailConfirmed).toBe(true);
      expect(await browser().json('GET', `/auth/email-confirmation/${token}`)).toEqual({ status: 400, body: CONFIRMATION_INVALID });
    });

    test('expires after 7 days', async () => {
      const { visitor } = await register('late@example.com');
      const token = await mailedToken('late@example.com', 'email-confirmation');
      clock.advance(7 * 24 * 3_600_000);
      expect(await browser().json('GET', `/auth/email-confirmation/${token}`)).toEqual({ status: 400, body: CONFIRMATION_INVALID });
      expect(await browser().json('GET', '/auth/email-confirmation/not-a-token')).toEqual({ status: 400, body: CONFIRMATION_INVALID });
      expect((await visitor.json<User>('GET', '/auth/checkhealth')).body.emailConfirmed).toBe(false);
    });
  });

  test('the events tell of password changes, never of the password', async () => {
    const types = (await app.deps.eventStore.readAll({ limit: 10_000 })).map((event) => event.type);
    expect(types).toContain('PasswordChanged');
    expect(types).toContain('EmailConfirmed');
    const everything = JSON.stringify(await app.deps.eventStore.readAll({ limit: 10_000 }));
    for (const secret of ['beats42', 'fresh123', 'scrypt']) expect(everything).not.toContain(secret);
  });
});
