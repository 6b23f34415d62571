import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { App } from '../../client/App';
import { API_ENDPOINTS } from '../../server/http/apiEndpoints';
import { createInProcessApi } from '../../server/http/inProcessApi';
import { selectCartCount, selectCartItems } from '../../shared/features/cart/cartSlice';
import { selectWishlist } from '../../shared/features/wishlist/wishlistSlice';
import { makeStore } from '../../shared/store/makeStore';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { checkHealth } from '../auth/checkHealth';
import { navigate } from './navigationSaga';
import { preloadSessionData } from './sessionPreload';

/**
 * What the server render does for a visitor, with the visitor's cookies and the real endpoints
 * called in-process: the session data lands in the store, so the header's count is in the HTML.
 */
describe('session data preloaded for the server render', () => {
  let app: TestApp;
  let visitors = 0;
  const visitor = () => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.9.0.${++visitors}` });

  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  async function renderFor(browser: ApiBrowser, pathname = '/beats') {
    const api = createInProcessApi(API_ENDPOINTS, app.deps, { ip: '127.0.0.1', cookies: Object.fromEntries(browser.cookies), headers: {} });
    const store = makeStore(undefined, { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date() } });
    await store.runSaga(checkHealth).toPromise();
    await store.runSaga(navigate, { pathname, search: '', mode: 'pop' }).toPromise();
    await store.runSaga(preloadSessionData).toPromise();
    const html = renderToString(createElement(Provider, { store, children: createElement(App) }));
    return { state: store.getState(), html };
  }

  test("a guest with a cart cookie: the cart is read with the cookie and the header's count is in the HTML", async () => {
    const guest = visitor();
    expect((await guest.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).body).toEqual({ status: 'ok' });
    const { state, html } = await renderFor(guest);
    expect(selectCartItems(state).map((item) => item.product.name)).toEqual(['Velvet Hearts Kit']);
    expect(html).toContain('aria-label="Cart, 1 item"');
    // Another visitor, without the cookie, has an empty cart.
    expect(selectCartCount((await renderFor(visitor())).state)).toBe(0);
  });

  test("a member's hearts and cart; /cart preloads the cart once through its own route", async () => {
    const member = visitor();
    expect((await member.json('POST', '/auth/register', registration({ email: `preload${Date.now()}@example.com` }))).status).toBe(201);
    await member.json('POST', `/wishlist/${SHOP.beat.productId}`);
    await member.json('POST', '/ecommerce/cart', { product: SHOP.beat.productId, includeProjectFile: true });
    const { state, html } = await renderFor(member, '/cart');
    expect(selectWishlist(state)).toEqual({ productIds: [SHOP.beat.productId], loaded: true, pending: {} });
    expect(selectCartItems(state)[0]).toMatchObject({ id: SHOP.beat.productId, includeProjectFile: true, price: 248 });
    expect(html).toContain('Include project file (+$49.00)');
    expect(html).toContain('aria-label="Cart, 1 item"');
  });
});
