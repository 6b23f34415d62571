import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { RootState } from '../../shared/store/rootReducer';
import { seedDemoCatalogue } from '../seed/seedDemoCatalogue';
import { manualClock } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}

/** The shell as the server renders it: the sale by the server's clock, the flags from the environment. */
describe('shell in the server render', () => {
  describe('on 10 December with the PRO membership flag on', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ clock: manualClock(new Date('2026-12-10T09:00:00Z')), env: { FEATURE_PRO_MEMBERSHIP: 'true' } });
      await seedDemoCatalogue(app.deps);
    });
    afterAll(() => app.close());

    test('the announcement bar and the flags are in the first HTML and in the state', async () => {
      const html = await (await fetch(`${app.baseUrl}/`)).text();
      expect(html).toContain('december30');
      const state = preloadedState(html);
      expect(state.shell.sale).toEqual({ percent: 30, couponCode: 'december30' });
      expect(state.config.features).toEqual({ proMembership: true, producerPage: true, fullProducerPage: true });
      expect(html).toContain('href="/pro-membership"');
    });

    test('/pro-membership renders the PRO membership product', async () => {
      const response = await fetch(`${app.baseUrl}/pro-membership`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(preloadedState(html).proMembership.product).toMatchObject({ productType: 'promembership' });
      expect(html).toContain('Enjoy exclusive benefits');
    });
  });

  describe('in November with the defaults', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ clock: manualClock(new Date('2026-11-30T23:59:00Z')) });
      await seedDemoCatalogue(app.deps);
    });
    afterAll(() => app.close());

    test('no sale, no PRO membership link, and its page is a 404', async () => {
      const html = await (await fetch(`${app.baseUrl}/`)).text();
      expect(preloadedState(html).shell.sale).toBeNull();
      expect(html).not.toContain('december30');
      expect(html).not.toContain('href="/pro-membership"');
      expect((await fetch(`${app.baseUrl}/pro-membership`)).status).toBe(404);
    });

    test('/?login=true has the login popup in the first HTML', async () => {
      const html = await (await fetch(`${app.baseUrl}/?login=true`)).text();
      expect(html).toContain('Log in or register');
      expect(html).toContain('role="dialog"');
    });
  });
});
