/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer-core';
import { beat, tempDir, writeMaster } from '../helpers/audioFixtures';
import { coverPng } from '../helpers/beatUploads';
import { staffAccount } from './helpers/moderationFixtures';
import { addToCart, button, describeProblems, field, textOnPage, waitForHydration } from './helpers/page';
import { robotCheckPassed } from './helpers/robotCheck';
import { useServerAndBrowser } from './helpers/session';

/**
 * Issue 14 "Done when", in Chromium, every step through the pages a person uses: a producer
 * registers and sends their identity details, a moderator verifies them in Pending producers; the
 * producer uploads a WAV master with a cover in My beats and watches it process; the moderator
 * hears it in Pending tracks and approves it; a buyer finds it in /beats, plays the tagged
 * preview, buys it with the sandbox card and downloads the master: the very bytes uploaded.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();
const dir = tempDir('journey-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function setValue(page: Page, label: string, value: string) {
  const input = await field(page, label);
  await input.evaluate((element, text) => {
    const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

test('a producer registers, is verified, uploads a beat with a cover; a moderator approves it; a buyer plays, buys and downloads its master', async () => {
  const server = session.server();
  const name = `Journey Ferry ${runId}`;
  const tag = `journey${runId}`;
  const artist = `Journey Artist ${runId}`;
  const masterFile = writeMaster(dir, 'journey-master', 'wav16', beat(61, 44_100), 44_100);
  const coverFile = path.join(dir, 'journey-cover.png');
  fs.writeFileSync(coverFile, await coverPng(1200, '#7a3b8f'));
  const moderatorApi = await staffAccount(server, `journey.mod.${runId}@example.com`, 'moderator');

  const producer = await session.open();
  const moderator = await session.open();
  const buyer = await session.open();
  try {
    // The producer registers as a seller, then sends their identity details from Account.
    const { page } = producer;
    await page.goto(`${server.baseUrl}/?register=true`, { waitUntil: 'load' });
    await waitForHydration(page);
    const email = `journey.producer.${runId}@example.com`;
    for (const [label, value] of Object.entries({ 'First Name': 'Joan', 'Last Name': 'Ferry', Email: email, Password: 'beats42', 'Confirm Password': 'beats42', Country: 'Germany' })) {
      await (await field(page, label)).type(value);
    }
    await (await field(page, "I'm a seller")).click();
    await (await field(page, 'Facebook personal URL')).type(`facebook.com/journey${runId}`);
    await (await field(page, 'Agree with')).click();
    await robotCheckPassed(page, '[role="dialog"]');
    await button(page, 'Register').click();
    await page.locator('.site-header .user-menu__avatar').wait();
    await page.goto(`${server.baseUrl}/dashboard/account/profile`, { waitUntil: 'load' });
    await waitForHydration(page);
    await (await field(page, 'Artist name')).type(artist);
    await (await field(page, 'Page address')).type(tag);
    await (await field(page, 'Legal name')).type('Joan Ferry');
    await setValue(page, 'Date of birth', '1992-03-14');
    await (await field(page, 'Address')).type('Torstraße 1, 10119 Berlin');
    // Country: the one given at registration, already in the form.
    await button(page, 'Send for verification').click();
    await textOnPage(page, 'Waiting for review');

    // The moderator verifies them in Pending producers.
    const url = server.baseUrl;
    await moderator.page.setCookie(...[...moderatorApi.cookies].map(([cookie, value]) => ({ name: cookie, value, url, httpOnly: true })));
    await moderator.page.goto(`${url}/admin/producers/pending`, { waitUntil: 'load' });
    await waitForHydration(moderator.page);
    await button(moderator.page, `Approve ${artist}`).click();
    await textOnPage(moderator.page, `${artist} is verified and can sell.`);

    // The producer uploads the master and a cover, and watches it go through processing.
    await page.goto(`${url}/dashboard/beats`, { waitUntil: 'load' });
    await waitForHydration(page);
    await button(page, 'Upload a beat').click();
    const upload = '::-p-aria([name="Upload a beat"][role="form"])';
    await page.locator(upload).wait();
    // A file input is what a person fills from their disk; the file chooser's dialog is the browser's own.
    await (await page.waitForSelector('input[type="file"][name="master"]'))!.uploadFile(masterFile);
    await (await page.waitForSelector('input[type="file"][name="cover"]'))!.uploadFile(coverFile);
    await (await field(page, 'Name')).type(name);
    await (await field(page, 'Trap')).click();
    await (await field(page, 'Tags (up to 10, separated by commas)')).type(`${tag}, piano`);
    await (await field(page, 'BPM (60–250)')).type('140');
    await page.select('select[name="key"]', 'C');
    await page.select('select[name="scale"]', 'minor');
    await (await field(page, 'Price (USD, 199–999)')).type('299');
    await button(page, 'Upload').click();
    await textOnPage(page, 'Processing…');
    // Real work: the job renders a 60 s tagged preview, after any master the shared server renders for other suites' sales.
    await page.waitForFunction(() => document.body.innerText.includes('Waiting for review'), { timeout: 300_000 });
    expect(await page.$eval('main', (main) => main.textContent)).toContain(name);

    // The moderator hears it in Pending tracks and approves it.
    await moderator.page.goto(`${url}/admin/tracks/pending`, { waitUntil: 'load' });
    await waitForHydration(moderator.page);
    await button(moderator.page, `Play ${name}`).click();
    await moderator.page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3);
    await button(moderator.page, `Approve ${name}`).click();
    await textOnPage(moderator.page, `“${name}” is approved and listed in the shop.`);

    // A buyer finds it by its tag in /beats, plays the preview, buys it and downloads the master.
    const shopper = buyer.page;
    await shopper.goto(`${url}/beats?tags=${tag}`, { waitUntil: 'load' });
    await waitForHydration(shopper);
    await textOnPage(shopper, name);
    expect(await shopper.$eval('.track-card img, .track-card picture img', (image) => (image as HTMLImageElement).getAttribute('src'))).toMatch(/\/media\/covers?[-/]/);
    await button(shopper, `Play ${name}`).click();
    await shopper.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3);
    const previewSrc = await shopper.$eval('audio', (audio) => audio.currentSrc);
    expect(previewSrc).toContain(`/media/previews/upload-`);
    await addToCart(shopper, name);
    await shopper.goto(`${url}/cart`, { waitUntil: 'load' });
    await waitForHydration(shopper);
    await button(shopper, 'Checkout').click();
    await shopper.locator('::-p-aria([name="Log in or register"][role="dialog"])').wait();
    await button(shopper, 'Register').click();
    await shopper.locator('::-p-aria([name="Register or log in"][role="dialog"])').wait();
    for (const [label, value] of Object.entries({ 'First Name': 'Bea', 'Last Name': 'Buyer', Email: `journey.buyer.${runId}@example.com`, Password: 'beats42', 'Confirm Password': 'beats42', Country: 'Germany' })) {
      await (await field(shopper, label)).type(value);
    }
    await (await field(shopper, 'Agree with')).click();
    await robotCheckPassed(shopper, '[role="dialog"]');
    await button(shopper, 'Register').click();
    await shopper.locator('::-p-aria([name="Account menu"][role="button"])').wait();
    await button(shopper, 'Checkout').click();
    await shopper.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
    await shopper.select('select', 'pm_card_visa');
    await shopper.locator('.popup button[type="submit"]').click();
    await shopper.locator('::-p-aria([name="Payment successful"][role="dialog"])').wait();
    const links = await shopper.$$eval('[aria-label="Downloads"] a', (anchors) => anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href') })));
    expect(links.map((link) => link.text)).toEqual([`${name}.wav (Beat)`]);
    // The master is ready at once: it was uploaded, not rendered.
    const download = await fetch(new URL(links[0]!.href!, url), { headers: { cookie: await cookieHeader(buyer.context) } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`${name}.wav`);
    expect(Buffer.from(await download.arrayBuffer()).equals(fs.readFileSync(masterFile))).toBe(true);

    for (const opened of [producer, moderator, buyer]) expect(describeProblems(opened.problems)).toBe('');
  } finally {
    await Promise.all([producer.context.close(), moderator.context.close(), buyer.context.close()]);
  }
}, 600_000);
