import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

/** The CSP directive's sources, e.g. sources(csp, 'script-src') → ["'self'"]. */
function sources(csp: string, directive: string): string[] | null {
  const found = csp.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === directive);
  return found ? found.slice(1) : null;
}

const page = async (app: TestApp, path: string) => {
  const response = await fetch(`${app.baseUrl}${path}`);
  return { csp: response.headers.get('content-security-policy') ?? '', html: await response.text() };
};

/** SPEC §7 "an analytics tag-manager script is loaded", when TAG_MANAGER_ID names a container. */
describe('the tag manager follows the configuration', () => {
  let app: TestApp;
  afterEach(async () => {
    await app.close();
  });

  test('unset: no tag manager script and no Tag Manager origin or nonce in the CSP', async () => {
    app = await startTestApp();
    const { csp, html } = await page(app, '/beats');
    expect(sources(csp, 'script-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('googletagmanager');
    expect(csp).not.toContain('nonce-');
    expect(html).not.toContain('googletagmanager');
    expect(html).not.toMatch(/<script nonce/);
  });

  test('set: the storefront loads the container by a nonce drawn for each response; the CSP names only what Tag Manager needs', async () => {
    app = await startTestApp({ env: { TAG_MANAGER_ID: 'GTM-TEST123', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' } });
    const first = await page(app, '/beats');
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(sources(first.csp, 'script-src')!.join(' '))?.[1];
    expect(nonce).toBeDefined();
    expect(sources(first.csp, 'script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', `'nonce-${nonce}'`]);
    expect(sources(first.csp, 'img-src')).toEqual(["'self'", 'data:', 'https://www.googletagmanager.com']);
    expect(sources(first.csp, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://www.googletagmanager.com']);
    const scripts = first.html.match(/<script nonce="[^"]*">[^<]*<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain(`<script nonce="${nonce}">`);
    expect(scripts[0]).toContain('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
    expect(first.html.indexOf(scripts[0]!)).toBeLessThan(first.html.indexOf('</head>'));

    const second = await page(app, '/');
    expect(second.html).toContain('gtm.js?id=GTM-TEST123');
    expect(second.csp).not.toContain(`'nonce-${nonce}'`);
  });

  test('set: not on the dashboard site (a buyer logged in), nor on pages whose address carries a mailed token', async () => {
    app = await startTestApp({ env: { TAG_MANAGER_ID: 'GTM-TEST123' } });
    const buyer = new ApiBrowser(app.baseUrl);
    expect((await buyer.json('POST', '/auth/register', registration({ email: 'tagged@example.com' }))).status).toBe(201);
    const tagged = async (path: string) => {
      const response = await fetch(`${app.baseUrl}${path}`, { headers: { Cookie: buyer.cookieHeader() }, redirect: 'manual' });
      return { path, status: response.status, tagged: (await response.text()).includes('googletagmanager') };
    };
    expect(await tagged('/beats')).toEqual({ path: '/beats', status: 200, tagged: true });
    for (const path of ['/dashboard', '/reset-password/some-token', '/email-confirmation/some-token']) {
      expect(await tagged(path)).toEqual({ path, status: 200, tagged: false });
    }
  });
});
