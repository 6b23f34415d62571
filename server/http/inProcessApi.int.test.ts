import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { API_ENDPOINTS } from './apiEndpoints';
import { createInProcessApi } from './inProcessApi';

/** The API server renders call in-process takes the same requests as the browser's, abort signal included. */
describe('the in-process API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  test('a call whose signal is already aborted is refused and changes nothing', async () => {
    const member = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.7.0.1' });
    expect((await member.json('POST', '/auth/register', registration({ email: 'in-process-abort@example.com' }))).status).toBe(201);
    const api = createInProcessApi(API_ENDPOINTS, app.deps, { ip: '127.0.0.1', cookies: Object.fromEntries(member.cookies), headers: {} });
    const controller = new AbortController();
    controller.abort();
    await expect(api.request({ method: 'POST', path: `/wishlist/${SHOP.beat.productId}`, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(await api.request({ method: 'GET', path: '/wishlist' })).toEqual([]);
    await api.request({ method: 'POST', path: `/wishlist/${SHOP.beat.productId}`, signal: new AbortController().signal });
    expect(await api.request({ method: 'GET', path: '/wishlist' })).toEqual([expect.objectContaining({ productId: SHOP.beat.productId })]);
  });
});
