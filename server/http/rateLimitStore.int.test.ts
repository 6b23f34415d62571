import { manualClock } from '../../test/helpers/accountClient';
import { listenOnLoopback, startTestApp, type TestApp } from '../../test/helpers/testApp';
import { PAGE_FORM_LIMIT_MESSAGES } from './pageFormLimits';

describe('rate limits count in the database', () => {
  const clock = manualClock();
  let app: TestApp;
  let second: { baseUrl: string; stop(): Promise<void> };
  let secondUrl: string;

  beforeAll(async () => {
    // Without the captcha: this is about counting requests (the limit applies before the form is read).
    app = await startTestApp({ clock, env: { PAGE_FORMS_PER_15_MINUTES: '2', CAPTCHA: 'off' } });
    // A second server on the same database, as behind a load balancer.
    second = await listenOnLoopback(app.deps);
    secondUrl = second.baseUrl;
  });
  afterAll(async () => {
    await second.stop();
    await app.close();
  });

  const subscribe = async (baseUrl: string, email: string) => {
    const response = await fetch(`${baseUrl}/api/v1/pages/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  test('a client spreading its requests over two servers meets the limit once, and the table keeps no address', async () => {
    expect((await subscribe(app.baseUrl, 'one@example.com')).status).toBe(200);
    expect((await subscribe(secondUrl, 'two@example.com')).status).toBe(200);
    expect(await subscribe(app.baseUrl, 'three@example.com')).toEqual({ status: 429, body: { statusCode: 429, message: PAGE_FORM_LIMIT_MESSAGES['/pages/subscribe'] } });
    expect((await subscribe(secondUrl, 'four@example.com')).status).toBe(429);

    const rows = await app.deps.database.query.selectFrom('rate_limit_hits').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ limiter: 'page-form/pages/subscribe', hits: 4 })]);
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1/);
  });

  test('the count starts again when the window ends', async () => {
    clock.advance(15 * 60_000);
    expect((await subscribe(secondUrl, 'five@example.com')).status).toBe(200);
    expect((await subscribe(app.baseUrl, 'six@example.com')).status).toBe(200);
    expect((await subscribe(secondUrl, 'seven@example.com')).status).toBe(429);
  });
});
