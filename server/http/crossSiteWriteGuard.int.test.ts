import { startTestApp, type TestApp } from '../../test/helpers/testApp';

/**
 * A write carries the browser's Origin; only the origins we serve may send one. The test
 * server listens on 127.0.0.1 behind one trusted proxy, with a public URL and a dashboard site.
 */
describe('cross-site write guard', () => {
  let app: TestApp;
  const logout = (headers: Record<string, string>) =>
    fetch(`${app.baseUrl}/api/v1/auth/logout`, { method: 'POST', headers: { Cookie: 'beatcrate_session=x', ...headers } });
  const own = () => app.baseUrl;

  beforeAll(async () => {
    app = await startTestApp({
      env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://shop.beatcrate.example', DASHBOARD_URL: 'https://dashboard.beatcrate.example/app' },
    });
  });
  afterAll(() => app.close());

  test.each([
    ['our public URL', 200, () => ({ Origin: 'https://shop.beatcrate.example' })],
    ['the dashboard site', 200, () => ({ Origin: 'https://dashboard.beatcrate.example' })],
    ['the origin the request reached', 200, () => ({ Origin: own() })],
    ['the public host over plain http', 403, () => ({ Origin: 'http://shop.beatcrate.example' })],
    ['the public host on another port', 403, () => ({ Origin: 'https://shop.beatcrate.example:8443' })],
    ['our own host over https when the request came over http', 403, () => ({ Origin: own().replace('http:', 'https:') })],
    ['Origin: null (a sandboxed frame, a redirect)', 403, () => ({ Origin: 'null' })],
    ['a sibling subdomain', 403, () => ({ Origin: 'https://evil.beatcrate.example' })],
    ['a host that ends like ours', 403, () => ({ Origin: 'https://shop.beatcrate.example.evil.example' })],
    ['garbage', 403, () => ({ Origin: 'not an origin' })],
    ['no Origin, Sec-Fetch-Site: cross-site', 403, () => ({ 'Sec-Fetch-Site': 'cross-site' })],
    ['no Origin, Sec-Fetch-Site: same-site', 403, () => ({ 'Sec-Fetch-Site': 'same-site' })],
    ['no Origin, Sec-Fetch-Site: same-origin', 200, () => ({ 'Sec-Fetch-Site': 'same-origin' })],
    ['neither header (not a browser)', 200, () => ({})],
  ])('a write from %s: %d', async (_, status, headers) => {
    const response = await logout(headers());
    expect(response.status).toBe(status);
    if (status === 403) expect(await response.json()).toEqual({ statusCode: 403, message: 'Cross-site requests may not change anything here' });
  });

  test('behind the proxy, the origin is the one the browser used: scheme and host from X-Forwarded-*', async () => {
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'mirror.beatcrate.example' };
    expect((await logout({ ...forwarded, Origin: 'https://mirror.beatcrate.example' })).status).toBe(200);
    expect((await logout({ ...forwarded, Origin: 'http://mirror.beatcrate.example' })).status).toBe(403);
  });

  test('reads pass whatever their origin', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/auth/checkhealth`, { headers: { Origin: 'null' } });
    expect(response.status).toBe(401);
  });

  test('the sandbox payment forms are guarded alike', async () => {
    const response = await fetch(`${app.baseUrl}/sandbox-pay/sbx_000000000000000000000000/approve`, {
      method: 'POST',
      headers: { Origin: 'null', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(response.status).toBe(403);
  });
});
