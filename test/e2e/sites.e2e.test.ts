/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import type { Order } from '../../shared/schemas/order';
import type { TrackList } from '../../shared/schemas/track';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { asShown } from '../helpers/shownTotal';
import { runUsersCommand } from '../helpers/tools';
import { button, describeProblems, DESKTOP, field, REVIEW_WIDTHS, saveScreenshot, textOnPage, waitForHydration } from './helpers/page';
import { QUICK_CAPTCHA } from './helpers/robotCheck';
import { useServerAndBrowser } from './helpers/session';

/**
 * The dashboard and admin sites on a fresh server (no DASHBOARD_URL, no ADMIN_URL): a buyer sent
 * to log in from the dashboard comes back to it and sees their order; an admin made with
 * `npm run users -- grant` follows their menu to the admin home and All producers. Screenshots of
 * each page at 1280 and 375 px go to test/artifacts for review.
 */

const session = useServerAndBrowser({ env: QUICK_CAPTCHA });
const { test } = session;

const runId = Date.now();

/** An account made through the API as the registration popup makes it; staff roles granted as an operator does. */
async function account(email: string, role?: 'admin' | 'moderator'): Promise<ApiBrowser> {
  const api = new ApiBrowser(session.server().baseUrl);
  expect((await api.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
  if (role) {
    const granted = await runUsersCommand(session.server().databaseUrl, ['grant', role, email]);
    expect(granted.stderr).toBe('');
  }
  return api;
}

async function logInThroughPopup(page: Page, email: string) {
  await (await field(page, 'Email')).type(email);
  await (await field(page, 'Password')).type('beats42');
  await button(page, 'Log in').click();
}

/** Follows a link of the avatar's menu, as a person does. */
async function followUserMenu(page: Page, title: string) {
  await page.locator('.site-header .user-menu__avatar').click();
  await page.locator(`::-p-aria([name="${title}"][role="menuitem"])`).click();
}

const waitForPath = (page: Page, pathname: string) =>
  page.waitForFunction((wanted: string) => window.location.pathname === wanted, {}, pathname);

/**
 * Both review widths of the page now open, then the phone one with the navigation panel open. The
 * layout follows the width alone (media queries), so the viewport changes without a reload.
 */
async function shootBothWidths(page: Page, name: string) {
  for (const [width, viewport] of REVIEW_WIDTHS) {
    await page.setViewport({ width: viewport.width, height: viewport.height });
    await page.waitForFunction((wanted: number) => window.innerWidth === wanted, {}, viewport.width);
    expect(await saveScreenshot(page, `sites-${name}-${width}`, { fullPage: true })).toBeGreaterThan(0);
  }
  await button(page, 'Menu').click();
  await page.locator('.site-nav[data-open="true"]').wait();
  expect(await saveScreenshot(page, `sites-${name}-375-menu`)).toBeGreaterThan(0);
  await button(page, 'Menu').click();
  await page.setViewport(DESKTOP);
}

test('a buyer opening the dashboard logs in first, comes back to it and sees their order', async () => {
  const email = `sites.buyer.${runId}@example.com`;
  const buyer = await account(email);
  const { tracks } = (await buyer.json<TrackList>('GET', '/tracks?category=all&take=1')).body;
  const beat = tracks[0]!;
  expect((await buyer.json('POST', '/ecommerce/cart', { product: beat.id, includeProjectFile: false })).status).toBe(200);
  expect((await buyer.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }))).body.status).toBe('paid');

  const { page, context, problems } = await session.visit('/dashboard');
  try {
    const asked = new URL(page.url());
    expect([asked.pathname, asked.searchParams.get('login'), asked.searchParams.get('services')]).toEqual(['/', 'true', '/dashboard']);
    await logInThroughPopup(page, email);
    await waitForPath(page, '/dashboard');
    await textOnPage(page, 'Recent purchases');
    await textOnPage(page, beat.name);
    await textOnPage(page, 'Paid');

    // The menu's Dashboard from the storefront opens the same page in the app.
    await page.goto(`${session.server().baseUrl}/beats`, { waitUntil: 'load' });
    await waitForHydration(page);
    await followUserMenu(page, 'Dashboard');
    await waitForPath(page, '/dashboard');
    await textOnPage(page, beat.name);
    expect(await page.$eval('.site-nav [aria-current="page"]', (link) => link.textContent)).toBe('Dashboard');
    await shootBothWidths(page, 'dashboard');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('an admin made by `npm run users -- grant` goes to the admin site and opens All producers; a moderator gets only theirs', async () => {
  const adminEmail = `sites.admin.${runId}@example.com`;
  await account(adminEmail, 'admin');
  const { page, context, problems } = await session.visit('/?login=true');
  try {
    await logInThroughPopup(page, adminEmail);
    await page.locator('.site-header .user-menu__avatar').wait();
    await followUserMenu(page, 'Go to dashboard');
    await waitForPath(page, '/admin');
    for (const label of ['Products', 'Producers', 'Buyers', 'Paid orders not refunded', 'Net revenue, all time']) await textOnPage(page, label);
    await shootBothWidths(page, 'admin-home');

    await page.locator('.site-nav ::-p-aria([name="All producers"][role="link"])').click();
    await waitForPath(page, '/admin/producers');
    await textOnPage(page, 'Nova Kade');
    await shootBothWidths(page, 'admin-producers');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }

  const moderatorEmail = `sites.moderator.${runId}@example.com`;
  await account(moderatorEmail, 'moderator');
  const moderator = await session.visit('/?login=true');
  try {
    await logInThroughPopup(moderator.page, moderatorEmail);
    await followUserMenu(moderator.page, 'All producers');
    await waitForPath(moderator.page, '/admin/producers');
    await textOnPage(moderator.page, 'Nova Kade');
    const menu = await moderator.page.$$eval('.site-nav a', (links) => links.map((link) => link.textContent));
    expect(menu).toEqual(['All producers', 'Pending producers', 'Pending tracks', 'Reported tracks', 'Wishlist']);
    expect(describeProblems(moderator.problems)).toBe('');
  } finally {
    await moderator.context.close();
  }
});
