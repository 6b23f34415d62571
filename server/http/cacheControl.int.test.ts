import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

/** Personal answers must not be kept by the browser's cache or a shared proxy. */
describe('Cache-Control of API answers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('checkhealth, cart, wishlist and orders answer with private, no-store — to a member and to a guest', async () => {
    const member = new ApiBrowser(app.baseUrl);
    expect((await member.call('POST', '/auth/register', registration({ email: 'cache@example.com' }))).status).toBe(201);
    for (const path of ['/auth/checkhealth', '/ecommerce/cart', '/wishlist', '/ecommerce/orders/1/refresh-status']) {
      for (const visitor of [member, new ApiBrowser(app.baseUrl)]) {
        const response = await visitor.call('GET', path);
        expect([path, response.headers.get('cache-control')]).toEqual([path, 'private, no-store']);
      }
    }
  });

  test('errors and unknown calls too', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/no-such-call`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
