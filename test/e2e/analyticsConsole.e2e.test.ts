/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { Webhook } from 'standardwebhooks';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { startWebhookReceiver } from '../helpers/webhookReceiver';
import { staffAccount } from './helpers/moderationFixtures';
import { button, describeProblems, field, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';
import { eventually } from '../helpers/eventually';

/**
 * Issue 13 in Chromium: an admin opens `Analytics keys and webhooks` from their Dashboard, makes an
 * API key and sees it once, registers a webhook for a receiver on this machine, and reads its
 * delivery log once the server's job has delivered to it.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();

/** The secret in the region once it shows: the region appears when the server's answer has come. */
const secretShownIn = async (page: Page, region: string) =>
  (await page.locator(`::-p-aria([name="${region}"][role="region"]) textarea`).waitHandle()).evaluate((field) => (field as HTMLTextAreaElement).value);

test('an admin makes a key and sees it once, registers a webhook, and sees its deliveries', async () => {
  const server = session.server();
  const receiver = await startWebhookReceiver();
  const admin = await staffAccount(server, `analytics.admin.${runId}@example.com`, 'admin');
  const { page, context, problems } = await session.open();
  try {
    await page.setCookie(...[...admin.cookies].map(([name, value]) => ({ name, value, url: server.baseUrl, httpOnly: true })));
    await page.goto(`${server.baseUrl}/admin`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('::-p-aria([name="Analytics keys and webhooks"][role="link"])').click();
    await page.waitForFunction(() => window.location.pathname === '/admin/analytics');

    await (await field(page, 'Name (who uses it, at most 100 characters)')).type('Chromium check');
    await button(page, 'Create key').click();
    await page.locator('::-p-text(Copy it now: you will not see it again.)').wait();
    const key = await secretShownIn(page, 'Your new API key');
    expect(key).toMatch(/^bca_/);
    expect((await fetch(`${server.baseUrl}/api/v1/analytics/events?limit=1`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    await button(page, 'I have stored it').click();
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('::-p-aria([name="Chromium check"][role="rowheader"])').wait();
    expect(await page.content()).not.toContain(key);

    await (await field(page, 'Receiver URL (https://)')).type(receiver.url);
    await page.locator('::-p-aria([name="Signed Up"][role="checkbox"])').click();
    await button(page, 'Register webhook').click();
    await page.locator('::-p-aria([name="The new webhook’s signing secret"][role="region"])').wait();
    const secret = await secretShownIn(page, 'The new webhook’s signing secret');
    expect(secret).toMatch(/^whsec_/);

    const signingUp = new ApiBrowser(server.baseUrl);
    expect((await signingUp.json('POST', '/auth/register', registration({ email: `analytics.hooked.${runId}@example.com` }))).status).toBe(201);
    const [post] = await eventually(() => receiver.posts, (posts) => posts.length > 0, 'a webhook post');
    expect(new Webhook(secret).verify(post!.body, post!.headers)).toMatchObject({ events: expect.arrayContaining([expect.objectContaining({ event: 'Signed Up' })]) });

    await button(page, `Deliveries to ${receiver.url}`).click();
    await page.locator(`::-p-aria([name="Deliveries to ${receiver.url}"][role="region"]) ::-p-text(HTTP 200)`).wait();
    expect(describeProblems(problems)).toBe('');
  } finally {
    // The shared server goes on running: it is not left trying a receiver that is gone.
    const { body } = await admin.json<{ webhooks: { id: number; url: string }[] }>('GET', '/admin/analytics/webhooks');
    for (const webhook of body.webhooks.filter((one) => one.url === receiver.url)) await admin.call('DELETE', `/admin/analytics/webhooks/${webhook.id}`);
    await context.close();
    await receiver.close();
  }
});

/** How the keys table sits in its column at the page's width: what it scrolls, and whether `revoke` is whole in the column and the window. */
const keysTableFit = (page: Page, revoke: string) =>
  page.$eval(
    'table.analytics-table',
    (table, name) => {
      const wrap = table.parentElement!.getBoundingClientRect();
      const button = [...table.querySelectorAll('button')].find((candidate) => candidate.getAttribute('aria-label') === name);
      const box = button?.getBoundingClientRect();
      const inside = box !== undefined && box.left >= wrap.left && box.right <= wrap.right && box.left >= 0 && box.right <= window.innerWidth;
      return { width: window.innerWidth, scrolledSideways: table.parentElement!.scrollWidth - table.parentElement!.clientWidth, revokeWhole: inside };
    },
    revoke,
  );

test('the keys table fits its column at 1280 and 375 px once a key has two scopes, its Revoke button whole', async () => {
  const server = session.server();
  const admin = await staffAccount(server, `analytics.fit.${runId}@example.com`, 'admin');
  const name = `Warehouse loader ${runId}`;
  const { page, context, problems } = await session.open();
  try {
    await page.setCookie(...[...admin.cookies].map(([cookie, value]) => ({ name: cookie, value, url: server.baseUrl, httpOnly: true })));
    await page.goto(`${server.baseUrl}/admin/analytics`, { waitUntil: 'load' });
    await waitForHydration(page);
    await (await field(page, 'Name (who uses it, at most 100 characters)')).type(name);
    await page.locator('form[aria-label="New API key"] ::-p-text(Manage webhooks)').click();
    await button(page, 'Create key').click();
    await button(page, 'I have stored it').click();
    await page.locator(`::-p-aria([name="${name}"][role="rowheader"])`).wait();

    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: 800 });
      await page.waitForFunction((wanted: number) => window.innerWidth === wanted, {}, width);
      expect(await keysTableFit(page, `Revoke ${name}`)).toEqual({ width, scrolledSideways: 0, revokeWhole: true });
    }
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
