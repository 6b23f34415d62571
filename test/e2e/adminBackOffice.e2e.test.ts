/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { paidPackOrder } from './helpers/adminFixtures';
import { staffAccount } from './helpers/moderationFixtures';
import { button, describeProblems, field, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Issue 15 "Done when", in Chromium: an admin opens Orders from the menu, finds a buyer's order
 * by their email, opens it, refunds it after confirming, and the buyer's download link stops working.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();

const pageStatus = (page: Page, words: RegExp) =>
  page.waitForFunction((source: string) => new RegExp(source).test(document.querySelector('main [role="status"]')?.textContent ?? ''), {}, words.source);

test('an admin finds an order by the buyer’s email, refunds it, and the buyer’s download stops', async () => {
  const server = session.server();
  const buyerEmail = `refund.buyer.${runId}@example.com`;
  const { buyer, order } = await paidPackOrder(server.baseUrl, buyerEmail);
  const link = order.downloads[0]!.url.replace('/api/v1', '');
  const before = await buyer.call('GET', link);
  await before.body?.cancel();
  expect(before.status).toBe(200);

  const admin = await staffAccount(server, `refund.admin.${runId}@example.com`, 'admin');
  const { page, context, problems } = await session.open();
  try {
    await page.setCookie(...[...admin.cookies].map(([name, value]) => ({ name, value, url: server.baseUrl, httpOnly: true })));
    await page.goto(`${server.baseUrl}/admin`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('.site-nav ::-p-aria([name="Orders"][role="link"])').click();
    await page.waitForFunction(() => window.location.pathname === '/admin/orders');

    await (await field(page, 'Order id or buyer email')).type(buyerEmail);
    await button(page, 'Search').click();
    await page.waitForFunction((email: string) => new URLSearchParams(window.location.search).get('q') === email, {}, buyerEmail);
    await page.locator('::-p-text(1 order found)').wait();
    await page.locator(`::-p-aria([name="Order ${order.id}"][role="link"])`).click();
    await page.waitForFunction((id: string) => window.location.pathname === `/admin/orders/${id}`, {}, order.id);
    await page.locator('::-p-text(OrderDelivered)').wait();

    await button(page, 'Refund order').click();
    await page.locator('::-p-text(Their download links stop working)').wait();
    await button(page, 'Yes, refund').click();
    await pageStatus(page, /^Order refunded\. Its download links no longer work, and the buyer is mailed\./);
    await page.locator('::-p-text(Revoked (refunded))').wait();
    await page.locator('::-p-text(OrderRefunded)').wait();
    expect(await page.$('::-p-aria([name="Refund order"][role="button"])')).toBeNull();

    const after = await buyer.json<{ message: string }>('GET', link);
    expect(after).toEqual({ status: 410, body: { statusCode: 410, message: 'This order was refunded, so its files can no longer be downloaded' } });
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
