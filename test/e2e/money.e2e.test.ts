/**
 * @jest-environment node
 */
import type { Page, Viewport } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { staffAccount } from './helpers/moderationFixtures';
import { addToCart, button, describeProblems, field, REVIEW_WIDTHS, textOnPage, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Issue 15 "Coupons" in Chromium: an admin creates a sitewide coupon with a usage limit on the
 * admin site, a buyer applies it in the cart and pays with the sandbox Visa, and the admin's list
 * then counts one use. At 1280 and 375 px the list fits its column with its actions on screen, and
 * Edit brings its form into view.
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

async function loggedIn(api: ApiBrowser, viewport?: Viewport) {
  const opened = await session.open(viewport);
  const url = session.server().baseUrl;
  await opened.page.setCookie(...[...api.cookies].map(([name, value]) => ({ name, value, url, httpOnly: true })));
  return opened;
}

// What the Uses column shows (innerText: without the label a phone's card adds).
const usesOf = (page: Page, code: string) =>
  page.$$eval('main table tbody tr', (rows, wanted) => rows.find((row) => row.querySelector('th')?.textContent === wanted)?.querySelectorAll('td')[3]?.innerText ?? null, code);

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

/** An admin with a coupon of the longest code the rules allow (64 characters) and a usage limit, made once for the layout tests. */
let layoutAdmin: Promise<{ admin: ApiBrowser; code: string }> | undefined;
function adminWithLongCoupon() {
  layoutAdmin ??= (async () => {
    const server = session.server();
    const admin = await staffAccount(server, `money.layout.${runId}@example.com`, 'admin');
    const code = `layout-${runId}-`.padEnd(64, 'x');
    const made = await admin.json('POST', '/admin/coupons', { code, producerId: null, percentage: 10, validFrom: '2026-01-01', validUntil: '2099-12-31', usageLimit: 50 });
    if (made.status !== 201) throw new Error(`could not create ${code}: ${JSON.stringify(made.body)}`);
    return { admin, code };
  })();
  return layoutAdmin;
}

async function couponsPage(viewport: Viewport) {
  const { admin, code } = await adminWithLongCoupon();
  const opened = await loggedIn(admin, viewport);
  await opened.page.goto(`${session.server().baseUrl}/admin/coupons`, { waitUntil: 'load' });
  await waitForHydration(opened.page);
  return { ...opened, code };
}

describe.each(REVIEW_WIDTHS)('the Coupons page at %s px', (_width, viewport) => {
  test('shows every coupon with its values and its actions on screen, nothing scrolled sideways, the buttons inset like the codes', async () => {
    const { page, problems, context, code } = await couponsPage(viewport);
    try {
      await button(page, `Edit ${code}`).wait();
      const layout = await page.$eval('main section[aria-label="All coupons"]', (list) => {
        const edge = list.getBoundingClientRect();
        const actions = [...list.querySelectorAll('button')].filter((control) => /^(Edit|Expire now)$/.test(control.textContent ?? ''));
        const codes = [...list.querySelectorAll('th[scope="row"]')].map((cell) => {
          const words = document.createRange();
          words.selectNodeContents(cell);
          return words.getBoundingClientRect();
        });
        return {
          pageWidth: document.documentElement.scrollWidth,
          // What a part of the list that scrolls sideways (the table's frame) hides past its edge.
          hiddenSideways: Math.max(0, ...[list, ...list.querySelectorAll('*')].filter((element) => getComputedStyle(element).overflowX !== 'visible').map((element) => element.scrollWidth - element.clientWidth)),
          offScreen: actions.filter((control) => control.getBoundingClientRect().left < 0 || control.getBoundingClientRect().right > window.innerWidth).map((control) => control.getAttribute('aria-label')),
          actions: actions.length,
          codeInset: Math.min(...codes.map((box) => box.left - edge.left)),
          actionInset: Math.min(...actions.map((control) => edge.right - control.getBoundingClientRect().right)),
        };
      });
      expect(layout.pageWidth).toBeLessThanOrEqual(viewport.width);
      expect(layout.hiddenSideways).toBe(0);
      expect(layout.actions).toBeGreaterThan(1);
      expect(layout.offScreen).toEqual([]);
      // Every Edit and Expire now stands at least as far inside the list's right edge as the codes inside its left one.
      expect(layout.actionInset).toBeGreaterThanOrEqual(layout.codeInset);
      expect(layout.codeInset).toBeGreaterThanOrEqual(12);
      // Each value a person reads has its name beside it, in a column's head or on the card.
      const row = await page.$eval(`::-p-aria([name="Edit ${code}"][role="button"])`, (control) => control.closest('tr')!.innerText);
      expect(row).toMatch(/10%/);
      expect(row).toMatch(/0 \/ 50/);
      if (viewport.width < 768) expect(row.replace(/\s+/g, ' ')).toMatch(/For Sitewide Off 10% Valid Jan 1, 2026 – Dec 31, 2099 Uses 0 \/ 50/);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });

  test('Edit brings its form into view, the keyboard in its first field', async () => {
    const { page, problems, context, code } = await couponsPage(viewport);
    try {
      await button(page, `Edit ${code}`).click();
      await page.waitForFunction(
        (form: string) => {
          const focused = document.activeElement;
          return focused instanceof HTMLInputElement && focused.closest(`form[aria-label="${form}"]`) !== null && focused.labels?.[0]?.textContent === 'Producer id (empty: sitewide)';
        },
        {},
        `Edit coupon ${code}`,
      );
      const seen = await page.$eval(`form[aria-label="Edit coupon ${code}"]`, (form) => {
        const heading = form.closest('section')!.querySelector('h2')!.getBoundingClientRect();
        const first = form.querySelector('input')!.getBoundingClientRect();
        return { heading: heading.top, headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom, fieldBottom: first.bottom, height: window.innerHeight };
      });
      // Under the sticky header, its heading and first field on screen.
      expect(seen.heading).toBeGreaterThanOrEqual(seen.headerBottom);
      expect(seen.fieldBottom).toBeLessThanOrEqual(seen.height);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});
