/**
 * @jest-environment node
 */
import type { BrowserContext, Page } from 'puppeteer-core';
import { addToCart, button, describeProblems, DESKTOP, field, openWatchedPage, PHONE, textOnPage, waitForHydration } from './helpers/page';
import { QUICK_CAPTCHA } from './helpers/robotCheck';
import { registerInOpenPopup } from './helpers/registration';
import { useServerAndBrowser } from './helpers/session';
import { eventually } from '../helpers/eventually';

/**
 * Issue 6 "Done when", in Chromium: a guest adds two beats, registers (the cart is kept),
 * applies a coupon, pays with the sandbox Visa card and sees the download links; a beat sells
 * once, so it then shows as sold and is inactive in another buyer's cart.
 */

const session = useServerAndBrowser({ env: QUICK_CAPTCHA });
const { test } = session;

interface Listed {
  id: number;
  name: string;
  productType: string;
  isSold: boolean;
}

async function api<T>(pathname: string): Promise<T> {
  const response = await fetch(`${session.server().baseUrl}/api/v1${pathname}`);
  if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
  return (await response.json()) as T;
}

/** Two of Nova Kade's beats still for sale (her seeded coupon is novakade20). */
async function pickBeats(): Promise<[Listed, Listed]> {
  const { tracks } = await api<{ tracks: Listed[] }>('/tracks?author_id=1&take=50');
  const [first, other] = tracks.filter((track) => !track.isSold && track.productType === 'track');
  if (!first || !other) throw new Error('The demo catalogue has no two beats of Nova Kade for sale');
  return [first, other];
}

const cartCount = (page: Page, count: number) =>
  page.locator(`::-p-aria([name="Cart, ${count} ${count === 1 ? 'item' : 'items'}"][role="button"])`).wait();

async function addFromProductPage(page: Page, beat: Listed, countAfter: number) {
  await page.goto(`${session.server().baseUrl}/product/${beat.id}`, { waitUntil: 'load' });
  await waitForHydration(page);
  await addToCart(page, beat.name);
  await cartCount(page, countAfter);
}

const rowTexts = (page: Page) =>
  page.$$eval('[aria-label="Cart items"] > li', (rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** A guest on /cart presses Checkout, follows Register in the login popup and registers as a buyer. */
async function registerAtCheckout(page: Page) {
  await button(page, 'Checkout').click();
  await page.locator('::-p-aria([name="Log in or register"][role="dialog"])').wait();
  await button(page, 'Register').click();
  await page.locator('::-p-aria([name="Register or log in"][role="dialog"])').wait();
  await registerInOpenPopup(page, { firstName: 'Ada', lastName: 'Lovelace', emailPrefix: 'checkout' });
  await page.locator('::-p-aria([name="Account menu"][role="button"])').wait();
}

test('a guest fills the cart, registers, applies a coupon, pays with the sandbox Visa and downloads; the beat is sold', async () => {
  const [first, other] = await pickBeats();
  const buyer = await session.browser().createBrowserContext();
  const rival = await session.browser().createBrowserContext();
  const contexts: BrowserContext[] = [buyer, rival];
  try {
    const { page, problems } = await openWatchedPage(buyer, DESKTOP);
    // The other buyer has the first beat in their cart before it is sold.
    const rivalPage = (await openWatchedPage(rival, DESKTOP)).page;
    await addFromProductPage(rivalPage, first, 1);

    await addFromProductPage(page, first, 1);
    await addFromProductPage(page, other, 2);

    // The dropdown lists both; Continue leads to /cart.
    await button(page, 'Cart, 2 items').click();
    await textOnPage(page, 'YOUR CART');
    expect(await page.$eval('.cart-dropdown__continue', (link) => link.textContent)).toMatch(/^Continue \(Subtotal: \$[\d,]+\.\d\d\)$/);
    await page.locator('.cart-dropdown__continue').click();
    await page.waitForFunction(() => location.pathname === '/cart');
    await textOnPage(page, 'Service fee');
    expect((await rowTexts(page)).map((text) => text.split(' by ')[0])).toEqual([first.name, other.name]);

    // Checkout as a guest opens the login popup; its Register link the registration popup.
    await registerAtCheckout(page);
    // The guest's cart became the member's.
    await cartCount(page, 2);
    expect((await rowTexts(page)).length).toBe(2);

    // Nova Kade's coupon, typed in capitals, is applied lowercased.
    await (await field(page, 'Coupon')).type('NovaKade20');
    await button(page, 'Apply').click();
    await textOnPage(page, 'Coupon novakade20 applied: 20% off');
    const discount = await page.$eval('.cart-page__totals', (totals) => {
      const terms = [...totals.querySelectorAll('dt')];
      return terms.find((term) => term.textContent === 'Discount')?.nextElementSibling?.textContent ?? '';
    });
    expect(discount).toMatch(/^-\$[\d,]+\.\d\d$/);
    // A phone viewport reloads the page: the remembered coupon is applied again.
    await page.setViewport(PHONE);
    await textOnPage(page, 'Coupon novakade20 applied: 20% off');
    await page.setViewport(DESKTOP);
    await textOnPage(page, 'Coupon novakade20 applied: 20% off');

    // The payment form is the `payment` frame: browser Back closes it. Below 1440 px it locks page scroll.
    await button(page, 'Checkout').click();
    await page.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
    expect(new URL(page.url()).search).toBe('?frame=payment');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.goBack();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // Pay with the sandbox's Visa test card.
    await button(page, 'Checkout').click();
    await page.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
    await page.select('select', 'pm_card_visa');
    expect(await page.$eval('.popup button[type="submit"]', (pay) => pay.textContent)).toMatch(/^Pay \$[\d,]+\.\d\d$/);
    await page.locator('.popup button[type="submit"]').click();
    await page.locator(`::-p-aria([name="Payment successful"][role="dialog"])`).wait();
    const links = await page.$$eval('[aria-label="Downloads"] a', (anchors) => anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href') })));
    // One file per beat, named by the server for the buyer's disk.
    expect(links.map((link) => link.text)).toEqual([
      expect.stringMatching(new RegExp(`^${first.name}\\.\\w+ \\(Beat\\)$`)),
      expect.stringMatching(new RegExp(`^${other.name}\\.\\w+ \\(Beat\\)$`)),
    ]);
    // A demo beat's master is rendered by the server's job right after the sale: 503 until then.
    const cookie = (await buyer.cookies()).map((each) => `${each.name}=${each.value}`).join('; ');
    const download = await eventually(() => fetch(new URL(links[0]!.href!, session.server().baseUrl), { headers: { cookie } }), (answer) => answer.status !== 503, 'the rendered master');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('audio/wav');
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await cartCount(page, 0);

    // The first beat is sold in the catalogue…
    await page.goto(`${session.server().baseUrl}/product/${first.id}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await textOnPage(page, 'Sold');
    expect(await page.$(`::-p-aria([name="Add to cart: ${first.name}"])`)).toBeNull();
    // …and inactive, without a price, in the other buyer's cart.
    await rivalPage.goto(`${session.server().baseUrl}/cart`, { waitUntil: 'load' });
    await waitForHydration(rivalPage);
    expect(await rowTexts(rivalPage)).toEqual([expect.stringContaining(`${first.name}`)]);
    expect((await rowTexts(rivalPage))[0]).toContain('is not available anymore.');
    expect((await rowTexts(rivalPage))[0]).not.toMatch(/\$\d/);
    await button(rivalPage, 'Checkout').wait();
    expect(await rivalPage.$eval('.cart-page__checkout', (element) => (element as HTMLButtonElement).disabled)).toBe(true);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

/** axe-core's violations on the page as it is now (our CSP forbids injected scripts, so the test bypasses it). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => (node as { target: unknown }).target))}`);
  });
}

test('the cart dropdown and page on a phone, with no accessibility violations', async () => {
  const [, other] = await pickBeats();
  const context = await session.browser().createBrowserContext();
  try {
    const { page, problems } = await openWatchedPage(context, PHONE);
    await page.setBypassCSP(true);
    await addFromProductPage(page, other, 1);
    await button(page, 'Cart, 1 item').click();
    await textOnPage(page, 'YOUR CART');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${session.server().baseUrl}/cart`, { waitUntil: 'load' });
    await waitForHydration(page);
    await textOnPage(page, 'Service fee');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('3-D Secure: the sandbox confirmation page, then back on /cart the order is paid', async () => {
  const [, other] = await pickBeats();
  const context = await session.browser().createBrowserContext();
  try {
    const { page, problems } = await openWatchedPage(context, DESKTOP);
    const { baseUrl } = session.server();
    // The server builds the return address on PUBLIC_URL, which defaults to its configured port,
    // 0 for this test server: the browser is sent where the server really listens.
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.host === 'localhost:0') void request.respond({ status: 302, headers: { location: `${baseUrl}${url.pathname}${url.search}` } });
      else void request.continue();
    });
    await addFromProductPage(page, other, 1);
    await page.goto(`${baseUrl}/cart`, { waitUntil: 'load' });
    await waitForHydration(page);
    await registerAtCheckout(page);
    await button(page, 'Checkout').click();
    await page.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
    await page.select('select', 'pm_card_threeDSecure2Required');
    await Promise.all([page.waitForNavigation(), page.locator('.popup button[type="submit"]').click()]);
    await textOnPage(page, 'Complete authentication');
    await Promise.all([page.waitForNavigation(), button(page, 'Complete authentication').click()]);
    await waitForHydration(page);
    await page.locator('::-p-aria([name="Payment successful"][role="dialog"])').wait();
    expect(await page.$$eval('[aria-label="Downloads"] a', (anchors) => anchors.length)).toBe(1);
    // The return key left the address, so a reload does not ask again; the success popup is its frame.
    expect(new URL(page.url()).search).toBe('?frame=success');
    await cartCount(page, 0);
    // Browser Back closes the success popup and stays on the cart.
    await page.goBack();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(new URL(page.url()).search).toBe('');
    // The sandbox's own page (served by the payments side) has no icon; the storefront's pages do.
    expect(describeProblems(problems.filter((problem) => !problem.url?.endsWith('/favicon.ico')))).toBe('');
  } finally {
    await context.close();
  }
});
