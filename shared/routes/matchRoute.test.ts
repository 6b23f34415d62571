import { matchRoute } from './matchRoute';
import type { RouteDefinition } from './routeTable';

const table = [
  { name: 'any', path: '/:id', title: 'Any' },
  { name: 'index', path: '/', title: 'Home' },
  { name: 'beats', path: '/beats', title: 'Shop' },
  { name: 'product-id', path: '/product/:id', title: 'Product' },
  { name: 'confirm', path: '/email-confirmation/:token?', title: 'Confirm' },
] as unknown as readonly RouteDefinition[];

const match = (pathname: string) => {
  const found = matchRoute(pathname, table);
  return found && { name: found.route.name, params: found.params };
};

describe('matching a path to its route', () => {
  test('a static segment outranks a parameter, wherever it stands in the table', () => {
    expect(match('/beats')).toEqual({ name: 'beats', params: {} });
    expect(match('/dj-nova')).toEqual({ name: 'any', params: { id: 'dj-nova' } });
    expect(match('/')).toEqual({ name: 'index', params: {} });
  });

  test('case-insensitive, with trailing slashes allowed', () => {
    expect(match('/BEATS/')).toEqual({ name: 'beats', params: {} });
    expect(match('/product/42//')).toEqual({ name: 'product-id', params: { id: '42' } });
  });

  test('a last `:name?` may be left out', () => {
    expect(match('/email-confirmation')).toEqual({ name: 'confirm', params: {} });
    expect(match('/email-confirmation/abc')).toEqual({ name: 'confirm', params: { token: 'abc' } });
  });

  test('parameters arrive decoded; an encoded slash stays inside its segment; a malformed escape stays as written', () => {
    expect(match('/product/caf%C3%A9')).toEqual({ name: 'product-id', params: { id: 'café' } });
    expect(match('/product/a%2Fb')).toEqual({ name: 'product-id', params: { id: 'a/b' } });
    expect(match('/product/%E0%A4%A')).toEqual({ name: 'product-id', params: { id: '%E0%A4%A' } });
  });

  test('no route for more segments than any path has', () => {
    expect(match('/product/42/extra')).toBeNull();
    expect(match('/a/b')).toBeNull();
  });
});
