import { API_ENDPOINTS } from '../../server/http/apiEndpoints';
import { createInProcessApi } from '../../server/http/inProcessApi';
import { userRefreshed } from '../../shared/features/auth/authSlice';
import type { User } from '../../shared/schemas/auth';
import { makeStore } from '../../shared/store/makeStore';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { refreshLoginAtStartup } from './startupRefresh';

/** The start-up refresh against the real account endpoints: what the server answers must read as a user. */
describe('the start-up refresh against the server', () => {
  let app: TestApp;
  let visitors = 0;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  async function member() {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.8.0.${++visitors}` });
    const registered = await browser.json<User>('POST', '/auth/register', registration({ email: `startup${visitors}@example.com` }));
    expect(registered.status).toBe(201);
    return { browser, user: registered.body };
  }

  async function startUp(browser: ApiBrowser, user: User) {
    const api = createInProcessApi(API_ENDPOINTS, app.deps, { ip: '127.0.0.1', cookies: Object.fromEntries(browser.cookies), headers: {} });
    const store = makeStore(undefined, { sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date() } });
    store.dispatch(userRefreshed(user));
    await store.runSaga(refreshLoginAtStartup).toPromise();
    return store.getState();
  }

  test('a live session stays logged in with the data the server answers', async () => {
    const { browser, user } = await member();
    expect((await startUp(browser, user)).auth.user).toMatchObject({ id: user.id, email: user.email, firstName: user.firstName });
  });

  test('a session the server ended logs out', async () => {
    const { browser, user } = await member();
    const stale = new ApiBrowser(app.baseUrl);
    for (const [name, value] of browser.cookies) stale.cookies.set(name, value);
    expect((await browser.call('POST', '/auth/logout')).status).toBe(200);
    expect((await startUp(stale, user)).auth.user).toBeNull();
  });
});
