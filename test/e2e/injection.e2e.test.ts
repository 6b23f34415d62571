/**
 * @jest-environment node
 */
import type { BrowserContext, Page } from 'puppeteer-core';
import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import { addToCart, type BrowserProblem, button, describeProblems, DESKTOP, field, PHONE, textsOf, waitForHydration } from './helpers/page';
import { registerInOpenPopup } from './helpers/registration';
import { claimBeatForSale } from './helpers/beatsForSale';
import { useServerAndBrowser } from './helpers/session';

/**
 * A visitor's text shown back to them stays text: names, tags, query strings, a coupon and URL
 * paths holding markup, a closing script tag, a template expression or U+2028/U+2029 are shown
 * literally (or not at all), run nothing, break neither the server-rendered state nor hydration.
 */
const session = useServerAndBrowser();
const { test } = session;

const PAYLOADS = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '</script><script>window.__pwned=1</script>',
  separators: 'lo\u2028fi\u2029beats',
  template: "{{constructor.constructor('window.__pwned=1')()}}",
  svg: '"><svg onload=window.__pwned=1>',
} as const;

/** Markup a payload would leave in the page had it been parsed as HTML. */
const INJECTED = 'img[src="x"], svg[onload], script:not([src]):not([type="application/json"])';

/** The status line Chromium logs for a page or request answered 4xx is what the visitor asked for, not a fault. */
const EXPECTED_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/;
const unexpected = (problems: readonly BrowserProblem[]) =>
  describeProblems(problems.filter((problem) => !(problem.kind === 'console.error' && EXPECTED_4XX.test(problem.text))));

/** The server-rendered store, parsed the way the client reads it; `[^<]*` also proves no raw `<` is in it. */
function preloadedState(html: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/** The raw HTML carries none of the payloads' markup, so the browser had nothing to run. */
function expectInertHtml(html: string) {
  for (const markup of ['<img src=x', '<svg onload', '<script>window', '</script><script>window']) expect(html).not.toContain(markup);
}

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.$$eval(INJECTED, (elements) => elements.map((element) => element.outerHTML))).toEqual([]);
}

const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

async function serverHtml(pathname: string, context?: BrowserContext): Promise<{ status: number; html: string }> {
  const response = await fetch(`${session.server().baseUrl}${pathname}`, { headers: context ? { cookie: await cookieHeader(context) } : {} });
  return { status: response.status, html: await response.text() };
}

async function openAt(page: Page, pathname: string) {
  await page.goto(`${session.server().baseUrl}${pathname}`, { waitUntil: 'load' });
  await waitForHydration(page);
}

test('payloads in URL paths and query strings are answered 4xx or shown inert, and hydrate cleanly', async () => {
  const { page, problems, context } = await session.open();
  try {
    for (const [name, payload] of Object.entries(PAYLOADS)) {
      const encoded = encodeURIComponent(payload);
      // `echoes`: the query parameter the navigation state keeps as the URL had it.
      for (const { pathname, echoes } of [
        { pathname: `/beats?tags=${encoded}` },
        { pathname: `/beats?search=${encoded}&genre=${encoded}` },
        { pathname: `/product/${encoded}` },
        { pathname: `/product/1?ref=${encoded}`, echoes: 'ref' },
        { pathname: `/beatmaker/${encoded}` },
        { pathname: `/${encoded}` },
        { pathname: `/cart?coupon=${encoded}`, echoes: 'coupon' },
      ]) {
        const { status, html } = await serverHtml(pathname);
        expect({ name, pathname, serverError: status >= 500 }).toEqual({ name, pathname, serverError: false });
        expectInertHtml(html);
        const state = preloadedState(html) as { navigation: { search: string } };
        if (echoes) expect(new URLSearchParams(state.navigation.search).get(echoes)).toBe(payload);

        problems.length = 0;
        await openAt(page, pathname);
        await expectNothingRan(page);
        expect(unexpected(problems)).toBe('');
      }
    }
  } finally {
    await context.close();
  }
});

test('a tag holding U+2028 and U+2029 is a chip of exactly that text, typed or server-rendered from the URL', async () => {
  const { page, problems, context } = await session.open();
  try {
    await openAt(page, '/beats');
    const input = await page.waitForSelector('::-p-aria([name="Search tags"][role="combobox"])');
    // Markup typed into the tag search: the characters SPEC §5 does not allow never reach the field.
    for (const payload of [PAYLOADS.img, PAYLOADS.script, PAYLOADS.svg, PAYLOADS.template]) {
      await input!.type(payload);
      expect(await input!.evaluate((element) => (element as HTMLInputElement).value)).not.toMatch(/[<>"=(){}./]/);
      await input!.evaluate((element) => (element as HTMLInputElement).select());
      await page.keyboard.press('Backspace');
    }
    await input!.type(PAYLOADS.separators);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URLSearchParams(location.search).has('tags'));
    expect(new URLSearchParams(new URL(page.url()).search).get('tags')).toBe(PAYLOADS.separators);
    const chips = () => page.$$eval('[aria-label="Selected tags"] li > span', (spans) => spans.map((span) => span.textContent));
    expect(await chips()).toEqual([PAYLOADS.separators]);
    await expectNothingRan(page);

    // The same URL from the server: the state's JSON carries the separators and the chip shows them.
    const { html } = await serverHtml(new URL(page.url()).pathname + new URL(page.url()).search);
    expect(new URLSearchParams((preloadedState(html) as { navigation: { search: string } }).navigation.search).get('tags')).toBe(PAYLOADS.separators);
    problems.length = 0;
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expect(await chips()).toEqual([PAYLOADS.separators]);
    await expectNothingRan(page);
    expect(unexpected(problems)).toBe('');
  } finally {
    await context.close();
  }
});

/** Both names carry every payload, split where trimming cannot remove the separators. */
const FIRST_NAME = `${PAYLOADS.img} lo\u2028fi ${PAYLOADS.template}`;
const LAST_NAME = `${PAYLOADS.script} lo\u2029fi ${PAYLOADS.svg}`;
let member: { page: Page; problems: BrowserProblem[]; context: BrowserContext } | undefined;

const panelTitle = (page: Page) => page.$eval('.panel--user .panel__title', (title) => title.textContent);

test('a name made of payloads is shown as typed in the account panel, before and after a reload', async () => {
  member = await session.visit('/?register=true');
  const { page, problems, context } = member;
  try {
    await registerInOpenPopup(page, { firstName: FIRST_NAME, lastName: LAST_NAME, emailPrefix: 'injection' });
    // The avatar is the first letter of the first name.
    expect(await textsOf(page, '.site-header .user-menu__avatar')).toEqual(['<']);
    await expectNothingRan(page);

    // Below 1280 px the avatar opens the panel titled with the full name (the phone viewport reloads the page).
    await page.setViewport(PHONE);
    await waitForHydration(page);
    await button(page, 'Account menu').click();
    await page.waitForSelector('.panel--user');
    expect(await panelTitle(page)).toBe(`${FIRST_NAME} ${LAST_NAME}`);
    await expectNothingRan(page);

    // Server-rendered for this member: the names come back whole from the state's JSON.
    const { html } = await serverHtml('/', context);
    expectInertHtml(html);
    expect((preloadedState(html) as { auth: { user: { firstName: string; lastName: string } } }).auth.user).toMatchObject({
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
    });
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    await button(page, 'Account menu').click();
    await page.waitForSelector('.panel--user');
    expect(await panelTitle(page)).toBe(`${FIRST_NAME} ${LAST_NAME}`);
    await expectNothingRan(page);
    await page.setViewport(DESKTOP);
    await waitForHydration(page);
    expect(describeProblems(problems)).toBe('');
  } catch (error) {
    await context.close();
    member = undefined;
    throw error;
  }
});

test('coupons made of payloads are named as typed (lowercased) in the error, and forgotten after a reload', async () => {
  expect(member).toBeDefined();
  const { page, problems, context } = member!;
  try {
    const beat = await claimBeatForSale(session.server().baseUrl);
    await openAt(page, `/product/${beat.id}`);
    await addToCart(page, beat.name);
    await openAt(page, '/cart');

    for (const payload of Object.values(PAYLOADS)) {
      const input = await field(page, 'Coupon');
      await input.evaluate((element) => (element as HTMLInputElement).select());
      await input.type(payload);
      await button(page, 'Apply').click();
      const expected = `Coupon ${payload.trim().toLowerCase()} does not exist`;
      await page.waitForFunction(
        (text: string) => document.getElementById('cart-coupon-error')?.textContent === text,
        {},
        expected,
      );
      await expectNothingRan(page);
    }

    // A refused coupon is forgotten: after a reload the field is empty and no error shows.
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForFunction(() => document.querySelector('[aria-label="Cart items"] > li') !== null);
    expect(await (await field(page, 'Coupon')).evaluate((input) => (input as HTMLInputElement).value)).toBe('');
    expect(await page.$('#cart-coupon-error')).toBeNull();
    await expectNothingRan(page);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
