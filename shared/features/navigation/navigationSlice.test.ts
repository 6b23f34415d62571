import navigationSlice, {
  navigationArrived,
  navigationRedirected,
  navigationRequested,
  selectIsNavigating,
  selectLocation,
  selectPageError,
  selectPageStatus,
  selectRedirect,
  selectRouteParams,
  type ArrivedPayload,
  type NavigationState,
} from './navigationSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(navigationSlice.reducer);

const root = (state: NavigationState) => ({ navigation: state });

const productPage: ArrivedPayload = { pathname: '/product/42', search: '?tab=licenses', routeName: 'product', params: { id: '42' }, error: null };
const missing: ArrivedPayload = {
  pathname: '/nowhere',
  search: '',
  routeName: null,
  params: {},
  error: { statusCode: 404, message: 'Not Found', noRoute: true },
};

describe('navigation slice', () => {
  test('a request is pending until its page arrives, which then is the location, route and params', () => {
    const requested = reduce(undefined, navigationRequested({ pathname: '/product/42', search: '?tab=licenses', mode: 'push' }));
    expect(selectIsNavigating(root(requested))).toBe(true);
    expect(selectLocation(root(requested))).toEqual({ pathname: '/', search: '' });

    const arrived = reduce(requested, navigationArrived(productPage));
    expect(selectIsNavigating(root(arrived))).toBe(false);
    expect(selectLocation(root(arrived))).toEqual({ pathname: '/product/42', search: '?tab=licenses' });
    expect(arrived.routeName).toBe('product');
    expect(selectRouteParams(root(arrived))).toEqual({ id: '42' });
  });

  test('a page error sets the status until a page without one arrives; the old route’s params are not kept', () => {
    const failed = reduce(undefined, navigationArrived(productPage), navigationArrived(missing));
    expect(selectPageStatus(root(failed))).toBe(404);
    expect(selectPageError(root(failed))).toEqual(missing.error);
    expect(selectRouteParams(root(failed))).toEqual({});

    const recovered = reduce(failed, navigationArrived(productPage));
    expect(selectPageStatus(root(recovered))).toBe(200);
    expect(selectPageError(root(recovered))).toBeNull();
  });

  test('a redirect is kept until the next navigation is requested', () => {
    const redirected = reduce(undefined, navigationRedirected({ to: '/login' }));
    expect(selectRedirect(root(redirected))).toBe('/login');
    expect(selectRedirect(root(reduce(redirected, navigationRequested({ pathname: '/', search: '', mode: 'replace' }))))).toBeNull();
  });

  test('the location is the same object until the pathname or search changes', () => {
    const arrived = reduce(undefined, navigationArrived(productPage));
    const requested = reduce(arrived, navigationRequested({ pathname: '/beats', search: '', mode: 'push' }));
    expect(selectLocation(root(requested))).toBe(selectLocation(root(arrived)));
    const elsewhere = reduce(requested, navigationArrived({ ...productPage, search: '' }));
    expect(selectLocation(root(elsewhere))).not.toBe(selectLocation(root(arrived)));
  });
});
