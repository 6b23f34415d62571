/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { staffAccount } from './helpers/moderationFixtures';
import { describeProblems, DESKTOP, PHONE, saveScreenshot, textOnPage, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';
import { replayedFrame, shipTab } from './helpers/supportConsole';
import type { ApiBrowser } from '../helpers/accountClient';

/**
 * A moderator opens an admin's session in the support console: the steps on Payouts are named in
 * the timeline, and the replayed frame says the page is not visible to their role instead of
 * drawing it; the pages a moderator may open are drawn as ever.
 */

const session = useServerAndBrowser();
const { test } = session;

const withCookies = async (page: Page, member: ApiBrowser, baseUrl: string) =>
  page.setCookie(...[...member.cookies].map(([name, value]) => ({ name, value, url: baseUrl, httpOnly: true })));

const currentSeq = async (page: Page) => Number((await page.$eval('.support-step[aria-current="step"] .support-step__seq', (seq) => seq.textContent ?? '')).slice(1));

test('a moderator replaying an admin’s session sees "Not visible to your role" where the admin was on Payouts', async () => {
  const server = session.server();
  const stamp = Date.now();
  const admin = await staffAccount(server, `visibility.admin.${stamp}@example.com`, 'admin');
  const moderator = await staffAccount(server, `visibility.moderator.${stamp}@example.com`, 'moderator');

  const adminTab = await session.open();
  let sessionId: string;
  try {
    await withCookies(adminTab.page, admin, server.baseUrl);
    for (const url of ['/admin/producers', '/admin/payouts', '/admin/producers/pending']) {
      await adminTab.page.goto(`${server.baseUrl}${url}`, { waitUntil: 'load' });
      await waitForHydration(adminTab.page);
    }
    sessionId = await shipTab(adminTab.page);
    expect(describeProblems(adminTab.problems)).toBe('');
  } finally {
    await adminTab.context.close();
  }

  const { page, context, problems } = await session.open();
  try {
    await page.setViewport(DESKTOP);
    await withCookies(page, moderator, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await textOnPage(page, 'Not visible to your role: Payouts');
    await page.locator('::-p-text(Not visible to your role: Payouts)').click();
    await page.waitForSelector('.support-step[aria-current="step"]');
    const hiddenSeq = await currentSeq(page);
    const hiddenFrame = await replayedFrame(page, hiddenSeq);
    await hiddenFrame.waitForSelector('.replay-hidden h1');
    expect(await hiddenFrame.evaluate(() => document.body.innerText)).toMatch(/^Payouts\s+Not visible to your role/);
    await textOnPage(page, `Step ${hiddenSeq} is on Payouts, a page your role may not open: not visible to your role`);
    await saveScreenshot(page, 'support-not-visible-1280', { fullPage: true });
    await page.setViewport(PHONE);
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}?at=${hiddenSeq}`, { waitUntil: 'load' });
    await (await replayedFrame(page, hiddenSeq)).waitForSelector('.replay-hidden h1');
    await saveScreenshot(page, 'support-not-visible-375', { fullPage: true });
    await page.setViewport(DESKTOP);

    // The moderator's own pages are drawn: the last page load, Pending producers.
    await page.goto(`${server.baseUrl}/admin/support/sessions/${sessionId}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('::-p-text(Loaded Pending producers (/admin/producers/pending))').click();
    const pendingFrame = await replayedFrame(page, await currentSeq(page));
    await pendingFrame.waitForSelector('h1');
    expect(await pendingFrame.evaluate(() => document.body.innerText)).toContain('Pending producers');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
