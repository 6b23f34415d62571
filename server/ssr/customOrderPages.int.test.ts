import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { RootState } from '../../shared/store/rootReducer';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';
import { asShownService } from '../../test/helpers/shownTotal';

const ROLES = ['guest', 'client', 'other', 'producer', 'moderator', 'admin'] as const;
type Role = (typeof ROLES)[number];

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}

describe('custom order pages, rendered by the server with their data', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-custom-order-pages-'));
  let app: TestApp;
  let orderId = '';
  const browsers = new Map<Role, ApiBrowser>();
  const page = (role: Role, address: string) => fetch(`${app.baseUrl}${address}`, { redirect: 'manual', headers: { Cookie: browsers.get(role)!.cookieHeader() } });

  beforeAll(async () => {
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir } });
    browsers.set('guest', new ApiBrowser(app.baseUrl));
    for (const role of ROLES.slice(1)) {
      const browser = new ApiBrowser(app.baseUrl);
      const form = role === 'producer' ? { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/mara' } : {};
      expect((await browser.json('POST', '/auth/register', registration({ email: `${role}@example.com`, ...form }))).status).toBe(201);
      if (role === 'moderator' || role === 'admin') {
        expect(await grantRole(app.deps, `${role}@example.com`, role)).toBe('granted');
        expect((await browser.json('POST', '/auth/login', { email: `${role}@example.com`, password: 'beats42' })).status).toBe(200);
      }
      browsers.set(role, browser);
    }
    const placed = await browsers.get('client')!.json<{ id: string }>('POST', '/custom-orders', await asShownService(browsers.get('client')!, { serviceId: 4, brief: 'A dark trap beat at 140 BPM in C minor.', paymentMethodId: 'pm_card_visa' }));
    expect(placed.status).toBe(201);
    orderId = placed.body.id;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('the buyer’s order page and the shop’s open for their own; everyone else gets the 404 (a guest on the dashboard logs in first)', async () => {
    const statuses = async (address: string) => Promise.all(ROLES.map(async (role) => (await page(role, address)).status));
    expect(await statuses(`/dashboard/services/${orderId}`)).toEqual([302, 200, 404, 404, 404, 404]);
    expect(await statuses(`/admin/custom-orders/${orderId}`)).toEqual([404, 404, 404, 404, 404, 200]);
  });

  test('the pages come with the order preloaded: the state, the job, the deadline', async () => {
    const buyer = await (await page('client', `/dashboard/services/${orderId}`)).text();
    expect(preloadedState(buyer).customOrders.open).toMatchObject({ id: orderId, serviceName: 'Custom beat', state: 'waiting', brief: 'A dark trap beat at 140 BPM in C minor.' });
    expect(buyer).toContain('Waiting for the producer');
    const list = await (await page('client', '/dashboard/services')).text();
    expect(preloadedState(list).customOrders.mine?.map((order) => order.id)).toEqual([orderId]);
    expect(preloadedState(list).pages.soundServices).toHaveLength(7);
    const shop = await (await page('admin', `/admin/custom-orders/${orderId}`)).text();
    expect(preloadedState(shop).customOrders.open?.actions).toEqual(['accept', 'decline', 'message']);
    expect(shop).toContain('Accept order');
  });
});
