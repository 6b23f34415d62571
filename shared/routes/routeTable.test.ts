import { matchRoute } from './matchRoute';
import { ROUTE_MIDDLEWARE } from './middleware';
import { ROUTES } from './routeTable';

const nameOf = (path: string) => matchRoute(path)?.route.name ?? null;

describe('route table (SPEC §2)', () => {
  test.each([
    ['/', 'index'],
    ['/beats', 'beats'],
    ['/product/42', 'product-id'],
    ['/product', 'product'],
    ['/beatmaker/dj-nova', 'beatmaker-id'],
    ['/beatmaker', 'beatmaker'],
    ['/cart', 'cart'],
    ['/for-sellers/use-of-samples', 'for-sellers-use-of-samples'],
    ['/email-confirmation', 'email-confirmation-token'],
    ['/email-confirmation/abc', 'email-confirmation-token'],
    ['/reset-password/tok', 'reset-password-token'],
    ['/what-is-beat-ghost-production', 'what-is-beat-ghost-production'],
    ['/beatcrate-vs-airbit-vs-beatstars-best-platform-to-sell-beats', 'beatcrate-vs-airbit-vs-beatstars-best-platform-to-sell-beats'],
    ['/dj-nova', 'id'],
    ['/a/b/c', null],
  ])('%s is %s', (path, name) => {
    expect(nameOf(path)).toBe(name);
  });

  test('static routes outrank the producer route', () => {
    for (const route of ROUTES.filter((r) => !r.path.includes(':'))) {
      expect(nameOf(route.path)).toBe(route.name);
    }
  });

  test('the producer route carries the id rule', () => {
    const match = matchRoute('/DJ-Nova');
    expect(match?.route.name).toBe('id');
    expect(match?.route.validate?.(match.params)).toBe(false);
    const valid = matchRoute('/dj-nova');
    expect(valid?.route.validate?.(valid.params)).toBe(true);
  });
});

describe('route middleware', () => {
  const run = (name: string, url: string) => {
    const parsed = new URL(url, 'http://x');
    return ROUTE_MIDDLEWARE[name]!({ pathname: parsed.pathname, query: parsed.searchParams, match: matchRoute(parsed.pathname) });
  };

  test.each(['/for-buyers/purchases-shop', '/for-buyers/purchases-shop/7', '/x/for-buyers/purchases-shop'])(
    'redirects %s to /for-buyers',
    (path) => expect(run('redirects', path)).toEqual({ redirect: '/for-buyers' }),
  );

  test('leaves other paths alone', () => expect(run('redirects', '/for-buyers')).toEqual({}));

  test('switches seller pages to Russian with ?language=ru', () => {
    expect(run('changeLanguage', '/for-sellers/rules?language=ru')).toEqual({ language: 'ru' });
    expect(run('changeLanguage', '/for-sellers/rules')).toEqual({ language: 'en' });
    expect(run('changeLanguage', '/beats?language=ru')).toEqual({ language: 'en' });
  });
});
