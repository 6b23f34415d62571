/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { button, describeProblems, DESKTOP, PHONE, textOnPage } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * The storefront shell in Chromium at 1280 and 375 px: header and footer variants, popups driven
 * by the URL (Back and Escape close them), panels, and the December announcement bar. The
 * server's clock starts on 10 December, so the sale is on, and the PRO membership flag is on.
 * `npm run screenshots` shoots the same pages for people to look at.
 */

const session = useServerAndBrowser({ env: { CLOCK_START_AT: '2026-12-10T09:00:00Z', FEATURE_PRO_MEMBERSHIP: 'true' } });
const { test } = session;

/** Whether the element is laid out and shown (CSS decides per width). */
const shown = (page: Page, selector: string) =>
  page.evaluate((css: string) => {
    const element = document.querySelector(css);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  }, selector);

const dialogCount = (page: Page) => page.evaluate(() => document.querySelectorAll('[role="dialog"]').length);
const waitForDialogs = (page: Page, count: number) =>
  page.waitForFunction((wanted: number) => document.querySelectorAll('[role="dialog"]').length === wanted, {}, count);

test('the first HTML of /?login=true has the login popup, and in December the sale with its code', async () => {
  const html = await (await fetch(`${session.server().baseUrl}/?login=true`)).text();
  expect(html).toContain('Log in or register');
  expect(html).toContain('december30');
});

test('at 1280 px: the desktop header with the menu and tag search; no footer bar, no tablet title', async () => {
  const { page, context, problems } = await session.visit('/beats', DESKTOP);
  try {
    expect(await shown(page, '.site-header__menu')).toBe(true);
    expect(await shown(page, '.site-header__search .tag-search')).toBe(true);
    expect(await shown(page, '.site-header__actions .custom-order')).toBe(true);
    expect(await shown(page, '.site-header__title')).toBe(false);
    expect(await shown(page, '.site-header__tools')).toBe(false);
    expect(await shown(page, '.footer-bar')).toBe(false);
    expect(await shown(page, '.site-footer__groups')).toBe(true);
    // How it works opens on a click and offers both guides.
    await button(page, 'How it works').click();
    await page.locator('.menu-dropdown ::-p-aria([name="For sellers"][role="link"])').wait();
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('at 375 px: the shop title with search and filter buttons, the footer bar, and panels that lock scrolling', async () => {
  const { page, context, problems } = await session.visit('/beats', PHONE);
  try {
    expect(await page.$eval('.site-header__title', (element) => element.textContent)).toBe('Shop');
    expect(await shown(page, '.site-header__title')).toBe(true);
    expect(await shown(page, '.site-header__menu')).toBe(false);
    expect(await shown(page, '.site-header__tools')).toBe(true);
    expect(await shown(page, '.footer-bar')).toBe(true);
    expect(await shown(page, '.site-footer__groups')).toBe(false);

    await page.locator('::-p-aria([name="Filters"][role="button"])').click();
    await page.waitForFunction(() => document.querySelector('#filter-panel')?.getAttribute('data-open') === 'true');
    expect(await shown(page, '#filter-panel')).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('#filter-panel')?.getAttribute('data-open') === 'false');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await page.locator('::-p-aria([name="Menu"][role="button"])').click();
    await page.locator('::-p-aria([name="Go to Main"][role="link"])').wait();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.locator('.panel ::-p-aria([name="Contact us"][role="link"])').click();
    await page.waitForFunction(() => window.location.pathname === '/contacts' && !document.querySelector('.panel'));
    expect(await page.$eval('.site-header__title', (element) => element.textContent)).toBe('Contacts us');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('at 375 px the home page shows the logo, no title and no shop buttons', async () => {
  const { page, context } = await session.visit('/', PHONE);
  try {
    expect(await shown(page, '.site-header__logo')).toBe(true);
    expect(await page.$('.site-header__title')).toBeNull();
    expect(await page.$('.site-header__tools')).toBeNull();
  } finally {
    await context.close();
  }
});

test('a popup opened from the address closes on Escape, and its key leaves the address', async () => {
  const { page, context } = await session.visit('/beats?genre=1&login=true', DESKTOP);
  try {
    await waitForDialogs(page, 1);
    // The server drew the popup; the page behind it stops scrolling once React has taken over.
    await page.waitForFunction(() => document.body.style.overflow === 'hidden');
    await page.keyboard.press('Escape');
    await waitForDialogs(page, 0);
    await page.waitForFunction(() => window.location.search === '?genre=1');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  } finally {
    await context.close();
  }
});

test('browser Back closes the latest popup: terms first, then registration', async () => {
  const { page, context, problems } = await session.visit('/', PHONE);
  try {
    await page.locator('.footer-bar ::-p-aria([name="Log In"][role="link"])').click();
    await waitForDialogs(page, 1);
    expect(new URL(page.url()).search).toBe('?login=true&frame=login');
    await page.goBack();
    await waitForDialogs(page, 0);
    expect(new URL(page.url()).search).toBe('');

    await page.goto(`${session.server().baseUrl}/?register=true`, { waitUntil: 'load' });
    await waitForDialogs(page, 1);
    await button(page, 'Terms & Conditions').click();
    await waitForDialogs(page, 2);
    expect(new URL(page.url()).searchParams.get('frame')).toBe('register,terms');
    await page.goBack();
    await waitForDialogs(page, 1);
    await page.locator('::-p-aria([name="Register or log in"][role="dialog"])').wait();
    expect(await dialogCount(page)).toBe(1);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('in December the announcement bar copies the coupon code and shows the copy toast', async () => {
  const { page, context } = await session.visit('/', DESKTOP);
  try {
    await context.overridePermissions(session.server().baseUrl, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await page.locator('::-p-aria([name="Sale"]) ::-p-aria([role="button"])').click();
    await textOnPage(page, 'Coupon code december30 copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('december30');
  } finally {
    await context.close();
  }
});

test('with its flag on, the PRO membership is bought from its page: Buy, then Add to cart in the popup', async () => {
  const { page, context, problems } = await session.visit('/pro-membership', PHONE);
  try {
    await button(page, 'Buy').click();
    await page.locator('::-p-aria([name="PRO Membership"][role="dialog"])').wait();
    expect(new URL(page.url()).searchParams.get('frame')).toBe('pro-purchase');
    await button(page, 'Add to cart').click();
    await waitForDialogs(page, 0);
    await page.locator('::-p-aria([name="Cart, 1 item"][role="button"])').wait();
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
