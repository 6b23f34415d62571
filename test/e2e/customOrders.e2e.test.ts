/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { staffAccount } from './helpers/moderationFixtures';
import { button, describeProblems, field, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Issue 15's "orders a custom service, the producer delivers, the buyer downloads", in Chromium:
 * a buyer orders the shop's Mastering from `Services` and pays with the sandbox card; an admin
 * (the shop acts for its own services) accepts it and delivers a WAV with a message; the buyer
 * opens the order, downloads the file and accepts the delivery.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();

/** A small WAV as its first bytes say: the server sniffs what it is given. */
function wavFile(): string {
  const data = Buffer.alloc(4_000, 3);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-delivery-')), `Night Swim master ${runId}.wav`);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

const pageStatus = (page: Page, words: string) =>
  page.waitForFunction((text: string) => document.querySelector('main [role="status"]')?.textContent === text, { timeout: 15_000 }, words);
const pathIs = (page: Page, pattern: string) => page.waitForFunction((source: string) => new RegExp(source).test(window.location.pathname), { timeout: 15_000 }, pattern);

async function signedIn(api: ApiBrowser) {
  const opened = await session.open();
  const url = session.server().baseUrl;
  await opened.page.setCookie(...[...api.cookies].map(([name, value]) => ({ name, value, url, httpOnly: true })));
  return opened;
}

test('a buyer orders and pays a shop service; an admin accepts and delivers a file; the buyer downloads it and accepts', async () => {
  const server = session.server();
  const email = `custom.buyer.${runId}@example.com`;
  const buyerApi = new ApiBrowser(server.baseUrl);
  expect((await buyerApi.json('POST', '/auth/register', registration({ email, firstName: 'Nia', lastName: `Okafor ${runId}` }))).status).toBe(201);
  const admin = await staffAccount(server, `custom.admin.${runId}@example.com`, 'admin');
  const brief = `Master my single "Night Swim" ${runId}: loud but not squashed, for streaming.`;
  const wav = wavFile();

  const buyer = await signedIn(buyerApi);
  const shop = await signedIn(admin);
  try {
    // The buyer orders Mastering from Services and pays with the sandbox's test card.
    await buyer.page.goto(`${server.baseUrl}/dashboard/services`, { waitUntil: 'load' });
    await waitForHydration(buyer.page);
    await buyer.page.select('#custom-order-service', '2');
    await (await field(buyer.page, 'Describe the job')).type(brief);
    await button(buyer.page, 'Pay $59.00 and order').click();
    await pathIs(buyer.page, '^/dashboard/services/[0-9a-f-]{36}$');
    await buyer.page.locator('::-p-text(Waiting for the producer)').wait();
    const orderPath = await buyer.page.evaluate(() => window.location.pathname);
    const orderId = orderPath.split('/').at(-1)!;

    // The admin finds it in the shop's custom orders, accepts it and delivers a WAV with a message.
    await shop.page.goto(`${server.baseUrl}/admin/custom-orders`, { waitUntil: 'load' });
    await waitForHydration(shop.page);
    await shop.page.locator(`a[href="/admin/custom-orders/${orderId}"]`).click();
    await pathIs(shop.page, `^/admin/custom-orders/${orderId}$`);
    await shop.page.locator(`::-p-text(${brief})`).wait();
    await button(shop.page, 'Accept order').click();
    await pageStatus(shop.page, 'The order is accepted; the buyer has been told.');
    const input = await shop.page.waitForSelector('input#custom-order-files');
    await input!.uploadFile(wav);
    await (await field(shop.page, 'Delivery message')).type('Your master at -14 LUFS, ready for streaming.');
    await button(shop.page, 'Deliver').click();
    await pageStatus(shop.page, 'The delivery was sent; the buyer has been told.');

    // The buyer opens the order again, downloads the file and accepts the delivery.
    await buyer.page.goto(`${server.baseUrl}${orderPath}`, { waitUntil: 'load' });
    await waitForHydration(buyer.page);
    await buyer.page.locator('::-p-text(Your master at -14 LUFS, ready for streaming.)').wait();
    const link = await buyer.page.waitForSelector(`::-p-aria([name="Download Night Swim master ${runId}.wav"][role="link"])`);
    const href = await link!.evaluate((anchor) => (anchor as HTMLAnchorElement).href);
    const fetched = await buyer.page.evaluate(async (url: string) => {
      const response = await fetch(url, { credentials: 'include' });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength, disposition: response.headers.get('content-disposition') };
    }, href);
    expect(fetched).toMatchObject({ status: 200, bytes: fs.statSync(wav).size });
    expect(fetched.disposition).toContain(`Night Swim master ${runId}.wav`);
    await button(buyer.page, 'Accept delivery').click();
    await pageStatus(buyer.page, 'Thank you: the order is complete, and its files are yours to download for 180 days.');
    await buyer.page.locator('::-p-text(Completed)').wait();

    // The order is the buyer's alone: the admin's own dashboard has no such order.
    expect((await admin.json('GET', `/custom-orders/${orderId}`)).status).toBe(404);
    expect(describeProblems(buyer.problems)).toBe('');
    expect(describeProblems(shop.problems)).toBe('');
  } finally {
    await buyer.context.close();
    await shop.context.close();
    fs.rmSync(path.dirname(wav), { recursive: true, force: true });
  }
}, 180_000);
