import { sql } from 'kysely';
import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { RootState } from '../../shared/store/rootReducer';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { demoListings, seedDemoCatalogue } from '../seed/seedDemoCatalogue';
import { ApiBrowser } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}

const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('server rendering', () => {
  let app: TestApp;
  const get = (path: string) => fetch(`${app.baseUrl}${path}`, { redirect: 'manual' });

  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoCatalogue(app.deps);
  });
  afterAll(() => app.close());

  test('renders / with the home tracks in the HTML and in the preloaded state', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(textOf(html)).toContain('Beats from independent producers');
    const state = preloadedState(html);
    expect(state.navigation).toMatchObject({ pathname: '/', routeName: 'index', error: null });
    expect(state.catalogue.home.all).toHaveLength(7);
    for (const track of state.catalogue.home.all!) expect(textOf(html)).toContain(track.name);
    expect(html).toContain('<script defer src="/assets/main.test.js"></script>');
    expect(html).toMatch(/<meta name="description" content="[^"]*independent producers[^"]*">/);
  });

  test('a value holding </script><script> or U+2028 round-trips without breaking the page', async () => {
    const hostile = '</script><script>alert("pwned")</script>\u2028\u2029 & <!--';
    const listing = { ...demoListings(1)[0]!, productId: 500, name: hostile };
    const { append } = await handleCommand(app.deps.eventStore, productStreamId(500), productDecider, { type: 'ListProduct', listing });
    await app.deps.projector.waitFor(append!.lastPosition);
    const html = await (await get('/')).text();
    expect(html).not.toContain('<script>alert');
    // The bundle, the state and the tab's action-log ticket.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(preloadedState(html).catalogue.home.all![0]!.name).toBe(hostile);
  });

  test('no matching route: 404 with the not-found texts', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    const text = textOf(await response.text());
    expect(text).toContain('Opps!');
    expect(text).toContain('Page not found (404)');
    expect(text).toContain('This page could not be found');
    expect(text).toContain('Go back to home');
  });

  test('a route whose validation fails: 404 without the no-route text', async () => {
    for (const path of ['/DJ-Nova', '/ab', '/beatmaker/Has%20Space']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      const text = textOf(await response.text());
      expect(text).toContain('Page not found (404)');
      expect(text).not.toContain('This page could not be found');
    }
    // A valid id that names a seeded producer renders the producer page.
    expect((await get('/nova-kade')).status).toBe(200);
    expect((await get('/beatmaker/nova-kade')).status).toBe(200);
  });

  test('any path containing /for-buyers/purchases-shop redirects to /for-buyers', async () => {
    for (const path of ['/for-buyers/purchases-shop', '/for-buyers/purchases-shop/42', '/x/for-buyers/purchases-shop?a=1']) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/for-buyers');
    }
  });

  test('?language=ru on a seller page renders in Russian', async () => {
    const html = await (await get('/for-sellers/rules?language=ru')).text();
    expect(html).toContain('<html lang="ru">');
    expect(preloadedState(html).i18n.language).toBe('ru');
    expect(await (await get('/for-buyers?language=ru')).text()).toContain('<html lang="en">');
  });

  test('a popup the URL asks for is in the first HTML', async () => {
    const text = textOf(await (await get('/?login=true')).text());
    expect(text).toContain('Log in or register');
    expect(textOf(await (await get('/beats?register=true')).text())).toContain('Register or log in');
    expect(textOf(await (await get('/')).text())).not.toContain('Log in or register');
  });

  test("a logged-in visitor's page is rendered with their account, and no session id in the state", async () => {
    const browser = new ApiBrowser(app.baseUrl);
    const registered = await browser.call('POST', '/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.ssr@example.com',
      password: 'beats42',
      confirmPassword: 'beats42',
      country: 'Germany',
      agreeTerms: true,
      selectedRole: 'client',
    });
    expect(registered.status).toBe(201);
    const html = await (await fetch(`${app.baseUrl}/?login=true`, { headers: { Cookie: browser.cookieHeader() } })).text();
    expect(preloadedState(html).auth.user).toMatchObject({ firstName: 'Ada', currentRole: 'client' });
    expect(html).toContain('aria-label="Account menu"');
    // Logged-in visitors get no login popup, even when the URL asks for it.
    expect(textOf(html)).not.toContain('Log in or register');
    const sessionValue = [...browser.cookies.values()][0]!;
    expect(html).not.toContain(sessionValue);
  });

  test('a malformed path or a missing asset answers without a stack trace or server paths', async () => {
    const malformed = await get('/%E0%A4%A');
    expect(malformed.status).toBe(400);
    const missing = await get('/assets/nope.js');
    expect(missing.status).toBe(404);
    for (const body of [await malformed.text(), await missing.text()]) {
      expect(body).not.toMatch(/node_modules|at \w+ \(|\/tmp\/|\/work\//);
    }
  });

  test.each([
    ['a malformed URL', '/%ZZ', 400],
    ['a malformed URL under a route', '/beats/%E0%A4%A?x=1', 400],
    ['a path the static files refuse', '/assets/..%2f..%2fpackage.json', 403],
  ])("%s shows the storefront's error page, 'Opps!' with 'Error!', under its real status", async (_case, path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain('Opps!');
    expect(text).toContain('Error!');
    expect(text).toContain('Go back to home');
    expect(text).not.toContain('An error occurred while showing the error page');
    expect(preloadedState(html).navigation.error).toMatchObject({ statusCode: status });
    // The shell is there: the visitor can go on from the header.
    expect(html).toContain('href="/beats"');
  });

  test("the error page of a malformed URL shows a logged-in visitor's own header", async () => {
    const browser = new ApiBrowser(app.baseUrl);
    const registered = await browser.call('POST', '/auth/register', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.error-page@example.com',
      password: 'beats42',
      confirmPassword: 'beats42',
      country: 'Germany',
      agreeTerms: true,
      selectedRole: 'client',
    });
    expect(registered.status).toBe(201);
    const html = await (await fetch(`${app.baseUrl}/%ZZ`, { headers: { Cookie: browser.cookieHeader() } })).text();
    expect(preloadedState(html).auth.user).toMatchObject({ firstName: 'Grace' });
    expect(html).toContain('aria-label="Account menu"');
  });

  test('sets security headers and no inline script runs', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('server rendering when the page data fails', () => {
  test('answers 500 with the server-error page', async () => {
    const app = await startTestApp();
    try {
      // The catalogue read model is gone, so the home page's data cannot load.
      await app.deps.database.transaction((tx) => sql`DROP TABLE catalogue_products`.execute(tx));
      const response = await fetch(`${app.baseUrl}/`);
      expect(response.status).toBe(500);
      const text = textOf(await response.text());
      expect(text).toContain('Opps!');
      expect(text).toContain('Server error (500)');
    } finally {
      await app.close();
    }
  });
});
