import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { solveCaptcha } from '../../test/helpers/captcha';
import { listenOnLoopback } from '../../test/helpers/testApp';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import type { AppDeps } from '../appDeps';
import { loadConfig } from '../config';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { demoListings } from '../seed/seedDemoCatalogue';
import { closeAppDeps, openAppDeps } from '../services';
import { captchaSecrets } from './captchaSecret';

const MISSING = { statusCode: 400, message: 'Please confirm that you are not a robot' };
const REFUSED = { statusCode: 400, message: 'The robot check failed or expired; please confirm again that you are not a robot' };
const PRODUCT_ID = 7001;

/**
 * The self-hosted proof-of-work captcha on registration, password reset and the public forms,
 * on two servers sharing one database (as behind a load balancer): each must accept what the
 * other issued, and a solved challenge only once between them.
 */
describe('captcha', () => {
  let database: TestDatabase;
  const servers: { deps: AppDeps; baseUrl: string; stop(): Promise<void> }[] = [];
  let visitors = 0;
  const first = () => servers[0]!;
  const second = () => servers[1]!;
  const visitor = (server = first()) => new ApiBrowser(server.baseUrl, { 'X-Forwarded-For': `10.4.0.${++visitors}` });
  const start = async (env: NodeJS.ProcessEnv = {}) => {
    const config = { ...loadConfig({ TRUST_PROXY: '1', CAPTCHA_COMPLEXITY: '20', ...env, DATABASE_URL: database.url }), port: 0 };
    const deps = await openAppDeps(config);
    const started = { deps, ...(await listenOnLoopback(deps)) };
    servers.push(started);
    return started;
  };
  const count = async (table: 'user_credentials' | 'mail_outbox' | 'contact_messages' | 'newsletter_subscribers' | 'track_reports') =>
    (await first().deps.database.query.selectFrom(table).selectAll().execute()).length;

  const CALLS = [
    ['POST /auth/register', '/auth/register', registration({ email: 'robot@example.com' }), 'user_credentials'],
    ['POST /auth/reset', '/auth/reset', { email: 'owner@example.com' }, 'mail_outbox'],
    ['POST /pages/contact', '/pages/contact', { name: 'Robo', email: 'robo@example.com', subject: 'Hi', message: 'Buy cheap followers now!' }, 'contact_messages'],
    ['POST /pages/subscribe', '/pages/subscribe', { email: 'robo@example.com' }, 'newsletter_subscribers'],
    ['POST /tracks/report', '/tracks/report', { productId: PRODUCT_ID, reason: 'other', details: 'Spam spam spam spam', email: 'robo@example.com' }, 'track_reports'],
  ] as const;

  beforeAll(async () => {
    database = await createTestDatabase();
    await start();
    await start();
    const listing = { ...demoListings(1)[0]!, productId: PRODUCT_ID, preview: null };
    await handleCommand(first().deps.eventStore, productStreamId(PRODUCT_ID), productDecider, { type: 'ListProduct', listing });
    await first().deps.projector.catchUp();
    expect((await visitor().call('POST', '/auth/register', registration({ email: 'owner@example.com' }))).status).toBe(201);
  });
  afterAll(async () => {
    for (const { stop, deps } of servers) {
      await stop();
      await closeAppDeps(deps);
    }
    await database.drop();
  });

  test('a challenge is fresh each time, never cached, and bounded by CAPTCHA_COMPLEXITY', async () => {
    const fetchChallenge = () => fetch(`${first().baseUrl}/api/v1/captcha/challenge`);
    const [one, two] = [await fetchChallenge(), await fetchChallenge()];
    expect(one.headers.get('cache-control')).toBe('private, no-store');
    const [a, b] = [(await one.json()) as { parameters: { nonce: string; algorithm: string } }, (await two.json()) as { parameters: { nonce: string } }];
    expect(a.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
    const solution = await solveChallenge({ challenge: a as never, deriveKey });
    expect(solution!.counter).toBeGreaterThanOrEqual(10);
    expect(solution!.counter).toBeLessThanOrEqual(20);
  });

  test.each(CALLS)('%s without a solved captcha is refused with 400 and changes nothing', async (_, path, body, table) => {
    const before = await count(table);
    expect(await visitor().call('POST', path, body, { Altcha: '' }).then(async (r) => [r.status, await r.json()])).toEqual([400, MISSING]);
    expect(await count(table)).toBe(before);
  });

  test.each(CALLS)('%s with a solved captcha goes through', async (_, path, body) => {
    expect((await visitor().call('POST', path, body)).status).toBeLessThan(300);
  });

  test('a solved challenge is accepted once, by either server; a second use is refused and changes nothing', async () => {
    const payload = (await solveCaptcha(first().baseUrl))!;
    const subscribe = (server: (typeof servers)[number], email: string) =>
      visitor(server).call('POST', '/pages/subscribe', { email }, { Altcha: payload }).then(async (r) => [r.status, await r.json()]);
    expect(await subscribe(second(), 'once@example.com')).toEqual([200, { status: 'ok' }]);
    expect(await subscribe(first(), 'twice@example.com')).toEqual([400, REFUSED]);
    expect(await subscribe(second(), 'twice@example.com')).toEqual([400, REFUSED]);
    const emails = (await first().deps.database.query.selectFrom('newsletter_subscribers').select('email').execute()).map((row) => row.email);
    expect(emails).not.toContain('twice@example.com');
  });

  test('the same challenge sent twice at once is accepted once', async () => {
    const payload = (await solveCaptcha(first().baseUrl))!;
    const statuses = await Promise.all(
      [first(), second(), first(), second()].map((server, index) =>
        visitor(server).call('POST', '/pages/subscribe', { email: `race${index}@example.com` }, { Altcha: payload }).then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([200, 400, 400, 400]);
  });

  test('a challenge the server did not sign, a wrong answer, an expired challenge and garbage are refused with 400', async () => {
    const payloadOf = (challenge: object, solution: object) => Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const challenge = (await (await fetch(`${first().baseUrl}/api/v1/captcha/challenge`)).json()) as Parameters<typeof solveChallenge>[0]['challenge'];
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const secrets = await captchaSecrets(first().deps);
    const forged = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 1, deriveKey, hmacSignatureSecret: 'x'.repeat(32) });
    const expired = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      counter: 3,
      deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
    for (const payload of [
      payloadOf(forged, (await solveChallenge({ challenge: forged, deriveKey }))!),
      payloadOf(challenge, { ...solution, derivedKey: '00'.repeat(32) }),
      payloadOf({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution),
      payloadOf(expired, (await solveChallenge({ challenge: expired, deriveKey }))!),
      payloadOf({ parameters: 'nope' }, { counter: 'x' }),
      'not base64 at all %%%',
      Buffer.from('{"challenge":').toString('base64'),
      'A'.repeat(5000),
    ]) {
      const response = await visitor().call('POST', '/pages/subscribe', { email: 'forger@example.com' }, { Altcha: payload });
      expect([response.status, await response.json()]).toEqual([400, REFUSED]);
    }
  });

  test('the form is checked before the captcha, so a typo does not use up a solved challenge', async () => {
    const payload = (await solveCaptcha(first().baseUrl))!;
    const typo = await visitor().call('POST', '/pages/subscribe', { email: 'typo@' }, { Altcha: payload });
    expect(typo.status).toBe(400);
    expect((await visitor().call('POST', '/pages/subscribe', { email: 'fixed@example.com' }, { Altcha: payload })).status).toBe(200);
  });

  test('servers without CAPTCHA_HMAC_KEY share the key they keep in the database', async () => {
    expect(await captchaSecrets(first().deps)).toEqual(await captchaSecrets(second().deps));
    const stored = await first().deps.database.query.selectFrom('server_secrets').select('name').where('name', '=', 'captcha-hmac').execute();
    expect(stored).toEqual([{ name: 'captcha-hmac' }]);
  });

  test('with CAPTCHA=off there is no challenge and the forms need none', async () => {
    const off = await start({ CAPTCHA: 'off' });
    expect((await fetch(`${off.baseUrl}/api/v1/captcha/challenge`)).status).toBe(404);
    expect((await visitor(off).call('POST', '/pages/subscribe', { email: 'scripted@example.com' }, { Altcha: '' })).status).toBe(200);
  });
});
