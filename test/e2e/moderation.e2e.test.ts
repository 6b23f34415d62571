/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import type { VerificationAnswer } from '../../shared/schemas/verification';
import type { ApiBrowser } from '../helpers/accountClient';
import { demoBeatMedia, processedUpload, producerAskingVerification, reportBeat, staffAccount } from './helpers/moderationFixtures';
import { button, describeProblems, field, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * A moderator made with `npm run users -- grant` works the three queues of issue 14 in Chromium:
 * approves one producer and rejects another with a reason, listens to a processed upload in the
 * storefront's player and approves it, then dismisses one report and upholds another, which
 * takes the beat out of the shop. Each decision takes its row off the page with a status message.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();
const PLAYER = 'section[aria-label="Player"]';

const pageStatus = (page: Page, words: string) =>
  page.waitForFunction((text: string) => document.querySelector('main [role="status"]')?.textContent === text, {}, words);
const gone = (page: Page, heading: string) =>
  page.waitForFunction((name: string) => ![...document.querySelectorAll('article h2')].some((h2) => h2.textContent === name), {}, heading);

/** Follows a link of the admin site's left menu, as a person does. */
async function followMenu(page: Page, title: string, pathname: string) {
  await page.locator(`.site-nav ::-p-aria([name="${title}"][role="link"])`).click();
  await page.waitForFunction((wanted: string) => window.location.pathname === wanted, {}, pathname);
  await page.locator('main h1').wait();
}

async function asModerator(api: ApiBrowser) {
  const opened = await session.open();
  const url = session.server().baseUrl;
  await opened.page.setCookie(...[...api.cookies].map(([name, value]) => ({ name, value, url, httpOnly: true })));
  return opened;
}

test('a moderator approves and rejects producers, approves a beat after hearing it, dismisses and upholds reports', async () => {
  const server = session.server();
  const moderator = await staffAccount(server, `moderation.mod.${runId}@example.com`, 'moderator');
  const lena = await producerAskingVerification(server.baseUrl, `moderation.lena.${runId}@example.com`, {
    artistName: `Lena Moss ${runId}`,
    shortName: `lena${runId}`,
    legalName: 'Lena Moss-Okafor',
    dateOfBirth: '1996-02-29',
    address: 'Kastanienallee 12, 10435 Berlin',
    country: 'Germany',
  });
  const otto = await producerAskingVerification(server.baseUrl, `moderation.otto.${runId}@example.com`, {
    artistName: `Otto Grey ${runId}`,
    shortName: `otto${runId}`,
    legalName: 'Otto Grey',
    dateOfBirth: '1990-10-01',
    address: '4 Canal Street, Manchester M1 3HE',
    country: 'United Kingdom',
  });
  const { page, context, problems } = await asModerator(moderator);
  try {
    // Pending producers: approve Lena, reject Otto with the reason he will read.
    await page.goto(`${server.baseUrl}/admin/producers/pending`, { waitUntil: 'load' });
    await waitForHydration(page);
    await button(page, `Approve Lena Moss ${runId}`).click();
    await pageStatus(page, `Lena Moss ${runId} is verified and can sell.`);
    await gone(page, `Lena Moss ${runId}`);
    await button(page, `Reject Otto Grey ${runId}`).click();
    await button(page, 'Reject request').click();
    await page.locator('::-p-text(Reason is required)').wait();
    await (await field(page, 'Reason')).type('The legal name does not match the document.');
    await button(page, 'Reject request').click();
    await pageStatus(page, `Otto Grey ${runId}’s request is rejected; the producer sees your reason.`);
    await gone(page, `Otto Grey ${runId}`);
    expect((await otto.api.json<VerificationAnswer>('GET', '/producer/verification')).body).toMatchObject({ status: 'rejected', reason: 'The legal name does not match the document.' });
    const { producerId } = (await lena.api.json<VerificationAnswer>('GET', '/producer/verification')).body;
    expect(producerId).not.toBeNull();

    // Lena's two uploads are processed; the moderator hears the first in the player bar and approves both.
    const media = await demoBeatMedia(server.baseUrl);
    const first = `Harbour Lights ${runId}`;
    const second = `Glass Tides ${runId}`;
    const firstId = await processedUpload(server.databaseUrl, { producerId: producerId!, name: first, ...media });
    const secondId = await processedUpload(server.databaseUrl, { producerId: producerId!, name: second, ...media });
    await followMenu(page, 'Pending tracks', '/admin/tracks/pending');
    await button(page, `Play ${first}`).click();
    await page.locator(`::-p-aria([name="Pause ${first}"][role="button"])`).wait();
    await page.waitForFunction((css: string) => document.querySelector(`${css}[aria-busy="false"] .player__title-box`) !== null, {}, PLAYER);
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3);
    expect(await page.$eval(`${PLAYER} .player__title-box`, (element) => element.textContent)).toBe(first);
    // Not in the shop yet: nothing to put in the cart from the bar.
    expect(await page.$(`${PLAYER} .player__actions`)).toBeNull();
    for (const name of [first, second]) {
      await button(page, `Approve ${name}`).click();
      await pageStatus(page, `“${name}” is approved and listed in the shop.`);
      await gone(page, name);
    }
    const shop = async (id: number) => (await moderator.json('GET', `/tracks/${id}`)).status;
    expect([await shop(firstId), await shop(secondId)]).toEqual([200, 200]);

    // Reported tracks: one report dismissed, the other upheld, which delists the beat.
    await reportBeat(server.baseUrl, firstId, `This copies my track “Lights” (2021), bar for bar. ${runId}`);
    await reportBeat(server.baseUrl, secondId, `The hook is my vocal, used without a licence. ${runId}`);
    await followMenu(page, 'Reported tracks', '/admin/tracks/reported');
    await page.locator(`::-p-text(This copies my track “Lights” (2021), bar for bar. ${runId})`).wait();
    await button(page, `Dismiss the report on ${first}`).click();
    await pageStatus(page, `The report on “${first}” is dismissed.`);
    await button(page, `Uphold the report on ${second}`).click();
    await (await field(page, 'Note to the producer')).type('The vocal in the hook is not cleared.');
    await button(page, 'Uphold and delist').click();
    await pageStatus(page, `The report on “${second}” is upheld: the beat is delisted and its producer told.`);
    await gone(page, second);
    expect([await shop(firstId), await shop(secondId)]).toEqual([200, 404]);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
