/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { staffAccount } from './helpers/moderationFixtures';
import { describeProblems, DESKTOP, PHONE, saveScreenshot, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';
import { replayedFrame, shipTab } from './helpers/supportConsole';

/**
 * The support console's replayed frame draws the page as the buyer saw it under its own strict
 * CSP (`style-src 'self'`): no style is refused, and the player bar shows the playing beat's
 * waveform, drawn from the peaks the log holds, with no script in the frame.
 */

const session = useServerAndBrowser();
const { test } = session;

const PLAYER = 'section[aria-label="Player"]';

/** What Chromium refuses under a page's or frame's Content-Security-Policy, as it reports it. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test('a staff member sees the buyer’s player bar with its waveform in the replayed frame, and the frame’s CSP refuses nothing', async () => {
  const server = session.server();
  // A buyer on /beats plays a beat for sale from the list: the list carries no peaks, so the player asks for them.
  const buyer = await session.visit('/beats');
  let sessionId: string;
  let trackName: string;
  try {
    const card = '.beats-page__results .track-card:has(.track-card__play):has(.track-card__actions)';
    // A demo beat: other files' beats carry a run id, a run of digits the log's safety net redacts as it would a card number.
    const names = await buyer.page.$$eval(`${card} .track-card__name`, (elements) => elements.map((element) => element.textContent?.trim() ?? ''));
    trackName = names.find((name) => name !== '' && !/\d{6}/.test(name)) ?? '';
    expect(trackName).not.toBe('');
    await buyer.page.locator(`::-p-aria([name="Play ${trackName}"][role="button"])`).click();
    await buyer.page.waitForSelector(PLAYER);
    // wavesurfer has drawn the waveform the buyer sees.
    await buyer.page.waitForFunction(() => (document.querySelector('.player__wave')?.childElementCount ?? 0) > 0);
    sessionId = await shipTab(buyer.page);
    expect(describeProblems(buyer.problems)).toBe('');
  } finally {
    await buyer.context.close();
  }

  const admin = await staffAccount(server, `frame.admin.${Date.now()}@example.com`, 'admin');
  const detail = await admin.json<{ steps: { seq: number }[] }>('GET', `/support/sessions/${sessionId}`);
  expect(detail.status).toBe(200);
  const last = detail.body.steps.at(-1)!.seq;

  const { page, context, problems } = await session.open();
  const violations = cspViolations(page);
  try {
    await page.setViewport(DESKTOP);
    await page.setCookie(...[...admin.cookies].map(([name, value]) => ({ name, value, url: server.baseUrl, httpOnly: true })));
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}?at=${last}`, { waitUntil: 'load' });
    await waitForHydration(page);
    const frame = await replayedFrame(page, last);
    await frame.waitForSelector(PLAYER);
    expect(await frame.$eval(`${PLAYER} .player__title`, (title) => title.textContent?.trim())).toBe(trackName);
    // Chromium names the role of role="img" "image" in its accessibility tree.
    const waveform = (await frame.waitForSelector(`${PLAYER} ::-p-aria([name="Waveform"][role="image"])`))!;
    const box = await waveform.boundingBox();
    expect(box?.width).toBeGreaterThan(0);
    expect(box?.height).toBeGreaterThan(0);
    expect(await waveform.evaluate((svg) => svg.querySelectorAll('rect').length)).toBeGreaterThan(0);
    expect(await frame.evaluate(() => document.querySelectorAll('script').length)).toBe(0);
    await saveScreenshot(page, 'support-frame-player-1280', { fullPage: true });
    await page.setViewport(PHONE);
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}?at=${last}`, { waitUntil: 'load' });
    await (await replayedFrame(page, last)).waitForSelector(PLAYER);
    await saveScreenshot(page, 'support-frame-player-375', { fullPage: true });
    expect(violations).toEqual([]);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
