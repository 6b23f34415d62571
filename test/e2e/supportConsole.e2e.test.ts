/**
 * @jest-environment node
 */
import Sqlite from 'better-sqlite3';
import type { Page } from 'puppeteer-core';
import { staffAccount } from './helpers/moderationFixtures';
import { addToCart, button, describeProblems, DESKTOP, field, openWatchedPage, PHONE, saveScreenshot, textOnPage, waitForHydration } from './helpers/page';
import { registerInOpenPopup } from './helpers/registration';
import { actionLogFileOf } from '../../server/db/actionLogFile';
import type { Track } from '../../shared/schemas/track';
import { claimBeatForSale } from './helpers/beatsForSale';
import { useServerAndBrowser } from './helpers/session';
import { replayedFrame, shipTab } from './helpers/supportConsole';
import type { ApiBrowser } from '../helpers/accountClient';

/**
 * Issue 12 "Done when", in Chromium: a buyer adds a beat, is refused a coupon and pays; an admin
 * finds the tab's session, scrubs to the step before the refusal, and sees the cart as it was
 * then, drawn at the buyer's width, with the server's order events in the same timeline.
 */

const session = useServerAndBrowser();
const { test } = session;
const BAD_COUPON = 'NOPE2026';
/** Names no page of the demo shop shows, so finding them in a log can only mean a leak. */
const BUYER = { firstName: 'Zephyrine', lastName: 'Quillfeather', emailPrefix: 'support' };
const PASSWORD = 'beats42';
let buyerEmail = '';
const buyerSessionIds: string[] = [];

const beatForSale = (baseUrl: string): Promise<Track> => claimBeatForSale(baseUrl, { authorId: 1 });

/** The buyer's tab: a guest adds the beat, registers at checkout, is refused a coupon, and pays with the sandbox Visa. */
async function buyerSession(page: Page, baseUrl: string, beat: Track): Promise<string> {
  await page.goto(`${baseUrl}/product/${beat.id}`, { waitUntil: 'load' });
  await waitForHydration(page);
  await addToCart(page, beat.name);
  await page.goto(`${baseUrl}/cart`, { waitUntil: 'load' });
  await waitForHydration(page);
  await button(page, 'Checkout').click();
  await page.locator('::-p-aria([name="Log in or register"][role="dialog"])').wait();
  await button(page, 'Register').click();
  await page.locator('::-p-aria([name="Register or log in"][role="dialog"])').wait();
  buyerEmail = await registerInOpenPopup(page, BUYER);
  await page.locator('::-p-aria([name="Account menu"][role="button"])').wait();
  await (await field(page, 'Coupon')).type(BAD_COUPON);
  await button(page, 'Apply').click();
  await textOnPage(page, `Coupon ${BAD_COUPON.toLowerCase()} does not exist`);
  await button(page, 'Checkout').click();
  await page.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
  await page.select('select', 'pm_card_visa');
  await page.locator('.popup button[type="submit"]').click();
  await page.locator('::-p-aria([name="Payment successful"][role="dialog"])').wait();
  return shipTab(page);
}

/** Every step of the session where the console says the browser and the server disagree, as `#seq label: what`. */
async function disagreementsIn(admin: ApiBrowser, sessionId: string): Promise<string[]> {
  const detail = await admin.json<{ steps: { seq: number; label: string }[] }>('GET', `/support/sessions/${sessionId}`);
  expect(detail.status).toBe(200);
  const found: string[] = [];
  for (const step of detail.body.steps) {
    const sides = await admin.json<{ mismatches: string[] }>('GET', `/support/sessions/${sessionId}/steps/${step.seq}`);
    expect([step.seq, sides.status]).toEqual([step.seq, 200]);
    for (const mismatch of sides.body.mismatches) found.push(`#${step.seq} ${step.label}: ${mismatch}`);
  }
  return found;
}

test('an admin scrubs a buyer’s session to the step before the coupon was refused and sees the cart, the page and the order’s events', async () => {
  const server = session.server();
  const beat = await beatForSale(server.baseUrl);
  const buyer = await session.browser().createBrowserContext();
  let sessionId: string;
  try {
    const { page, problems } = await openWatchedPage(buyer, { width: 390, height: 844, isMobile: true, hasTouch: true });
    sessionId = await buyerSession(page, server.baseUrl, beat);
    buyerSessionIds.push(sessionId);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await buyer.close();
  }

  const admin = await staffAccount(server, `support.admin.${Date.now()}@example.com`, 'admin');
  // A normal buy has no disagreement to highlight: at every step the browser and the server agree, or a request is in flight.
  expect(await disagreementsIn(admin, sessionId)).toEqual([]);
  const { page, context, problems } = await session.open();
  try {
    await page.setViewport(DESKTOP);
    await page.setCookie(...[...admin.cookies].map(([name, value]) => ({ name, value, url: server.baseUrl, httpOnly: true })));
    await page.goto(`${server.baseUrl}/admin/support/sessions`, { waitUntil: 'load' });
    await waitForHydration(page);
    await (await field(page, 'Session or tracking id')).type(sessionId);
    await button(page, 'Search').click();
    await page.locator(`::-p-aria([name="Session ${sessionId}"][role="link"])`).click();
    await page.waitForFunction((id: string) => window.location.pathname === `/admin/support/sessions/${id}`, {}, sessionId);
    await textOnPage(page, 'Replay matches the recording at every checkpoint.');
    await textOnPage(page, 'Device width');
    expect(await page.$eval('.admin-facts', (facts) => (facts as HTMLElement).innerText)).toContain('390 px');

    // The server's side of the purchase is in the same column as the tab's steps.
    const timeline = await page.$eval('.support-timeline', (element) => (element as HTMLElement).innerText);
    for (const summary of [`Added ${beat.name}`, 'placed: 1 item', 'Payment succeeded']) expect(timeline).toContain(summary);
    // In words: the coupon typed key by key is one row, the buyer is named, and no row reads as an action's name.
    expect(timeline).toContain(`Typed coupon ${BAD_COUPON}`);
    expect(timeline).toContain('Loaded the cart');
    const labels = await page.$$eval('.support-step__label', (spans) => spans.map((span) => span.textContent ?? ''));
    expect(labels.filter((label) => /^[a-zA-Z]+\/[a-zA-Z]+/.test(label))).toEqual([]);
    expect(await page.$eval('.admin-facts', (facts) => (facts as HTMLElement).innerText)).toContain(`${BUYER.firstName} ${BUYER.lastName}`);
    // The step before the refusal is the cart reload the apply asked for: plumbing, shown with "Show all steps".
    await page.locator('::-p-aria([name="Show all steps"][role="checkbox"])').click();
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('all') === '1');

    // E jumps to the first error, the refused coupon; ← steps back to the moment before it.
    await page.keyboard.press('e');
    await page.waitForFunction(() => document.querySelector('.support-step[aria-current="step"] .support-step__error')?.textContent === 'Coupon nope2026 does not exist');
    const refusedAt = Number((await page.$eval('.support-step[aria-current="step"] .support-step__seq', (seq) => seq.textContent ?? '')).slice(1));
    const addressSays = (seq: number) => page.waitForFunction((at: number) => new URLSearchParams(window.location.search).get('at') === String(at), {}, seq);
    await addressSays(refusedAt);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((seq: number) => Number(document.querySelector('.support-step[aria-current="step"] .support-step__seq')?.textContent?.slice(1)) < seq, {}, refusedAt);
    const before = Number((await page.$eval('.support-step[aria-current="step"] .support-step__seq', (seq) => seq.textContent ?? '')).slice(1));
    await addressSays(before);
    const frame = await replayedFrame(page, before);
    await frame.waitForSelector('[aria-label="Cart items"] > li');
    const cart = await frame.$eval('[aria-label="Cart items"]', (list) => (list as HTMLElement).innerText);
    expect(cart).toContain(beat.name);
    expect(await frame.evaluate(() => document.body.innerText)).not.toContain('does not exist');
    expect(await frame.evaluate(() => document.querySelectorAll('script').length)).toBe(0);
    // The frame is drawn at the buyer's 390 px.
    expect(await page.$eval('.support-frame iframe', (element) => element.getAttribute('width'))).toBe('390');
    await textOnPage(page, `Browser and server at step ${before}`);
    const sides = await page.$eval('.support-sides', (element) => (element as HTMLElement).innerText);
    expect(sides).toContain(`#${beat.id}`);
    // The step before the refusal asks for the cart with the coupon: the browser is waiting for that answer.
    expect(sides).toContain('The browser and the server agree on what the browser has heard.');
    expect(sides).toContain("A cart reload is in flight: the browser has not heard the server's answer yet");

    // A link to the step opens there.
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}?at=${refusedAt}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector('.support-step[aria-current="step"] .support-step__error');
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}?at=${before}&all=1`, { waitUntil: 'load' });
    await replayedFrame(page, before);
    // The step's place in the timeline is scrolled to inside the timeline; the page itself stays at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await saveScreenshot(page, 'support-session-1280', { fullPage: true });
    await page.goto(`${server.baseUrl}/admin/support/sessions?sessionId=${sessionId}`, { waitUntil: 'load' });
    await saveScreenshot(page, 'support-sessions-1280');
    await page.setViewport(PHONE);
    await saveScreenshot(page, 'support-sessions-375', { fullPage: true });
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}?at=${before}`, { waitUntil: 'load' });
    await replayedFrame(page, before);
    await saveScreenshot(page, 'support-session-375', { fullPage: true });
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('nothing the buyer typed or is reaches a stored log row or an export: register, log in, check out, then scan', async () => {
  const server = session.server();
  expect(buyerEmail).not.toBe('');
  const beat = await beatForSale(server.baseUrl);
  const { page, context, problems } = await session.visit('/?login=true');
  try {
    await (await field(page, 'Email')).type(buyerEmail);
    await (await field(page, 'Password')).type(PASSWORD);
    await button(page, 'Log in').click();
    await page.locator('::-p-aria([name="Account menu"][role="button"])').wait();
    await page.goto(`${server.baseUrl}/product/${beat.id}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await addToCart(page, beat.name);
    await page.goto(`${server.baseUrl}/cart`, { waitUntil: 'load' });
    await waitForHydration(page);
    await button(page, 'Checkout').click();
    await page.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
    await page.select('select', 'pm_card_visa');
    await page.locator('.popup button[type="submit"]').click();
    await page.locator('::-p-aria([name="Payment successful"][role="dialog"])').wait();
    buyerSessionIds.push(await shipTab(page));
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }

  const secrets = [buyerEmail, encodeURIComponent(buyerEmail), PASSWORD, BUYER.firstName, BUYER.lastName];
  const database = new Sqlite(actionLogFileOf(server.databaseUrl.replace(/^sqlite:/, '')), { readonly: true });
  try {
    const rows = database.prepare('SELECT session_id, seq, type, payload FROM action_log_entries').all() as { session_id: string; payload: string | null }[];
    expect(rows.filter((row) => buyerSessionIds.includes(row.session_id)).length).toBeGreaterThan(20);
    const sessions = database.prepare('SELECT * FROM action_log_sessions').all();
    const stored = `${JSON.stringify(rows)}\n${JSON.stringify(sessions)}`;
    for (const secret of secrets) expect([secret, stored.includes(secret)]).toEqual([secret, false]);
  } finally {
    database.close();
  }
  const admin = await staffAccount(server, `privacy.admin.${Date.now()}@example.com`, 'admin');
  for (const sessionId of buyerSessionIds) {
    const exported = await admin.call('GET', `/support/sessions/${sessionId}/export`);
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain('OrderPlaced');
    for (const secret of secrets) expect([sessionId, secret, text.includes(secret)]).toEqual([sessionId, secret, false]);
  }
});
