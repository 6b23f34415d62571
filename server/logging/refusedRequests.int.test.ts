import { eventually } from '../../test/helpers/eventually';
import { capturedLog } from '../../test/helpers/logLines';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { loggablePath } from './refusedRequests';

/** Issue 28's new user: a request answered 4xx left no line, so whoever runs the server saw nothing of it. */
describe('a line for every refused request', () => {
  const captured = capturedLog('info');
  let app: TestApp;
  beforeAll(async () => {
    // One registration an hour: the second attempt meets the rate limit.
    app = await startTestApp({ log: captured.log, env: { REGISTRATIONS_PER_HOUR: '1' } });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    captured.lines.length = 0;
    captured.raw.length = 0;
  });

  const refusals = () => captured.lines.filter((line) => line.msg === 'Request refused');
  /** The refusals logged, once there are `count`: a line is written as the answer's last byte leaves. */
  const refused = (count: number) => eventually(refusals, (lines) => lines.length >= count, `${count} refused-request lines`);

  test('an invalid form: its status, method, path and the message the caller got, under the id the answer gave', async () => {
    const answer = await fetch(`${app.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":' });
    expect(answer.status).toBe(400);
    const { message } = (await answer.json()) as { message: string };
    expect(await refused(1)).toEqual([
      expect.objectContaining({ level: 'info', method: 'POST', path: '/api/v1/auth/login', status: 400, reason: message, requestId: answer.headers.get('X-Request-Id') }),
    ]);
  });

  test('an unknown call, a cross-site write and a rate limit each leave their line; an answer that went well leaves none at info', async () => {
    expect((await fetch(`${app.baseUrl}/api/v1/no-such-call`)).status).toBe(404);
    const crossSite = await fetch(`${app.baseUrl}/api/v1/ecommerce/cart`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' }, body: '{}' });
    expect(crossSite.status).toBe(403);
    const register = () => fetch(`${app.baseUrl}/api/v1/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect((await register()).status).toBe(400);
    expect((await register()).status).toBe(429);
    expect((await fetch(`${app.baseUrl}/api/v1/health`)).status).toBe(200);
    expect((await refused(4)).map((line) => [line.status, line.path, line.reason])).toEqual([
      [404, '/api/v1/no-such-call', expect.stringContaining('no-such-call')],
      [403, '/api/v1/ecommerce/cart', 'Cross-site requests may not change anything here'],
      [400, '/api/v1/auth/register', expect.any(String)],
      [429, '/api/v1/auth/register', 'Too many registrations from this address; try again in an hour'],
    ]);
    expect(captured.messages()).not.toContain('Request answered');
  });

  test('neither the query (a person’s data) nor a token in the path reaches a line', async () => {
    const token = 'a'.repeat(43);
    expect((await fetch(`${app.baseUrl}/api/v1/downloads/${token}?email=someone%40example.com`)).status).toBeGreaterThanOrEqual(400);
    expect((await refused(1)).map((line) => line.path)).toEqual(['/api/v1/downloads/:token']);
    expect(captured.raw.join('')).not.toMatch(/someone|aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/);
  });
});

test('a path as a line holds it: no query, segments of token length replaced', () => {
  expect(loggablePath({ originalUrl: '/api/v1/orders/12?coupon=X' })).toBe('/api/v1/orders/12');
  expect(loggablePath({ originalUrl: `/reset-password/${'b'.repeat(32)}` })).toBe('/reset-password/:token');
  expect(loggablePath({ originalUrl: `/beats/${'c'.repeat(31)}` })).toBe(`/beats/${'c'.repeat(31)}`);
});
