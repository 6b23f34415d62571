/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { staffAccount } from './helpers/moderationFixtures';
import { addToCart, button, describeProblems, field, textOnPage, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Issue 15 "Coupons" in Chromium: an admin creates a sitewide coupon with a usage limit on the
 * admin site, a buyer applies it in the cart and pays with the sandbox Visa, and the admin's list
 * then counts one use.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();

interface Listed {
  id: number;
  name: string;
  productType: string;
}

/** A date input takes its value as a person's picker sets it: through the native setter, then an input event React hears. */
async function setDate(page: Page, label: string, value: string) {
  const input = await field(page, label);
  await input.evaluate((element, day) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(element, day);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

async function loggedIn(api: ApiBrowser) {
  const opened = await session.open();
  const url = session.server().baseUrl;
  await opened.page.setCookie(...[...api.cookies].map(([name, value]) => ({ name, value, url, httpOnly: true })));
  return opened;
}

const usesOf = (page: Page, code: string) =>
  page.$$eval('main table tbody tr', (rows, wanted) => rows.find((row) => row.querySelector('th')?.textContent === wanted)?.querySelectorAll('td')[3]?.textContent ?? null, code);

test('an admin creates a coupon, a buyer pays with it in the cart, and the coupon counts one use', async () => {
  const server = session.server();
  const code = `e2e${runId}`;
  const admin = await staffAccount(server, `money.admin.${runId}@example.com`, 'admin');
  // The window starts on the server's own day.
  const today = new Date((await fetch(`${server.baseUrl}/api/v1/health`)).headers.get('date')!).toISOString().slice(0, 10);
  const { tracks } = (await (await fetch(`${server.baseUrl}/api/v1/tracks?take=100`)).json()) as { tracks: Listed[] };
  // A sample pack sells to every buyer, so the shared shop keeps it for the other suites.
  const pack = tracks.find((track) => track.productType === 'samplepack');
  if (!pack) throw new Error('The demo catalogue lists no sample pack');

  const staff = await loggedIn(admin);
  const buyerApi = new ApiBrowser(server.baseUrl);
  expect((await buyerApi.json('POST', '/auth/register', registration({ email: `money.buyer.${runId}@example.com` }))).status).toBe(201);
  const buyer = await loggedIn(buyerApi);
  try {
    const { page } = staff;
    await page.goto(`${server.baseUrl}/admin/coupons`, { waitUntil: 'load' });
    await waitForHydration(page);
    await (await field(page, 'Code')).type(code.toUpperCase());
    await (await field(page, 'Percentage off')).type('25');
    await setDate(page, 'Valid from', today);
    await setDate(page, 'Valid until (last day)', '2099-12-31');
    await (await field(page, 'Usage limit (empty: none)')).type('5');
    await button(page, 'Create coupon').click();
    await textOnPage(page, `Coupon ${code} created.`);
    expect(await usesOf(page, code)).toBe('0 / 5');

    const shopper = buyer.page;
    await shopper.goto(`${server.baseUrl}/product/${pack.id}`, { waitUntil: 'load' });
    await waitForHydration(shopper);
    await addToCart(shopper, pack.name);
    await shopper.goto(`${server.baseUrl}/cart`, { waitUntil: 'load' });
    await waitForHydration(shopper);
    await (await field(shopper, 'Coupon')).type(code.toUpperCase());
    await button(shopper, 'Apply').click();
    await textOnPage(shopper, `Coupon ${code} applied: 25% off`);
    await button(shopper, 'Checkout').click();
    await shopper.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
    await shopper.select('select', 'pm_card_visa');
    await shopper.locator('.popup button[type="submit"]').click();
    await shopper.locator('::-p-aria([name="Payment successful"][role="dialog"])').wait();

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expect(await usesOf(page, code)).toBe('1 / 5');
    expect(describeProblems([...staff.problems, ...buyer.problems])).toBe('');
  } finally {
    await staff.context.close();
    await buyer.context.close();
  }
});
