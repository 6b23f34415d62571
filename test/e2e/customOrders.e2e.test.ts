/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { wavBytes } from '../helpers/wavBytes';
import { producerAskingVerification, staffAccount } from './helpers/moderationFixtures';
import { button, describeProblems, field, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Issue 15's "orders a custom service, the producer delivers, the buyer downloads", in Chromium:
 * a buyer orders the shop's Mastering from `Services` and pays with the sandbox card; an admin
 * (the shop acts for its own services) accepts it and delivers a WAV with a message; the buyer
 * opens the order, downloads the file and accepts the delivery. Then the same with a producer's
 * own offer: the producer publishes it on `Custom services`, a buyer orders it from the producer's
 * page, and the producer accepts and delivers from their dashboard.
 */

const session = useServerAndBrowser();
const { test } = session;
const runId = Date.now();

/** A small WAV file on disk, as the delivery's file picker takes it. */
function wavFile(name = `Night Swim master ${runId}.wav`): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-delivery-')), name);
  fs.writeFileSync(file, wavBytes(4_000, 3));
  return file;
}

const pageStatus = (page: Page, words: string) =>
  page.waitForFunction((text: string) => document.querySelector('main [role="status"]')?.textContent === text, {}, words);
const pathIs = (page: Page, pattern: string) => page.waitForFunction((source: string) => new RegExp(source).test(window.location.pathname), {}, pattern);

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
});

test("a producer offers a service; a buyer orders it from the producer's page; the producer delivers and earns", async () => {
  const server = session.server();
  const shortName = `vale${runId}`;
  const producer = await producerAskingVerification(server.baseUrl, `offers.producer.${runId}@example.com`, {
    artistName: `Mara Vale ${runId}`,
    shortName,
    legalName: 'Mara Vale',
    dateOfBirth: '1990-05-01',
    address: 'Torstraße 1, 10119 Berlin',
    country: 'Germany',
  });
  const moderator = await staffAccount(server, `offers.moderator.${runId}@example.com`, 'moderator');
  expect((await moderator.json('POST', `/moderation/producers/${producer.userId}/approve`)).status).toBe(200);
  const buyerApi = new ApiBrowser(server.baseUrl);
  expect((await buyerApi.json('POST', '/auth/register', registration({ email: `offers.buyer.${runId}@example.com`, firstName: 'Nia', lastName: `Okafor ${runId}` }))).status).toBe(201);
  const brief = `A dark trap beat at 140 BPM ${runId}, like my single, with stems.`;
  const wav = wavFile(`Trap beat ${runId}.wav`);

  const seller = await signedIn(producer.api);
  const buyer = await signedIn(buyerApi);
  try {
    // The producer offers a custom beat on their dashboard's Custom services page.
    await seller.page.goto(`${server.baseUrl}/dashboard/custom-services`, { waitUntil: 'load' });
    await waitForHydration(seller.page);
    await (await field(seller.page, 'Name')).type('Custom trap beat');
    await (await field(seller.page, 'Description')).type('A beat made to your references, with stems and two mixes.');
    await (await field(seller.page, 'Price (USD, 5–5000)')).type('150');
    await (await field(seller.page, 'Delivery days (1–60)')).type('5');
    await button(seller.page, 'Offer this service').click();
    await seller.page.waitForSelector('::-p-aria([name="Withdraw Custom trap beat"][role="button"])');

    // A buyer finds it on the producer's page and orders it.
    await buyer.page.goto(`${server.baseUrl}/${shortName}`, { waitUntil: 'load' });
    await waitForHydration(buyer.page);
    await buyer.page.locator('::-p-text(Custom services)').wait();
    await buyer.page.locator('::-p-aria([name="Order this service"][role="link"])').click();
    await pathIs(buyer.page, '^/dashboard/services$');
    await (await field(buyer.page, 'Describe the job')).type(brief);
    await button(buyer.page, 'Pay $150.00 and order').click();
    await pathIs(buyer.page, '^/dashboard/services/[0-9a-f-]{36}$');
    await buyer.page.locator('::-p-text(Waiting for the producer)').wait();
    const orderPath = await buyer.page.evaluate(() => window.location.pathname);
    const orderId = orderPath.split('/').at(-1)!;

    // The producer finds the order under "Orders for your services", accepts it and delivers.
    await seller.page.goto(`${server.baseUrl}/dashboard/custom-services`, { waitUntil: 'load' });
    await waitForHydration(seller.page);
    await seller.page.locator(`a[href="/dashboard/custom-services/${orderId}"]`).click();
    await pathIs(seller.page, `^/dashboard/custom-services/${orderId}$`);
    await seller.page.locator(`::-p-text(${brief})`).wait();
    await button(seller.page, 'Accept order').click();
    await pageStatus(seller.page, 'The order is accepted; the buyer has been told.');
    const input = await seller.page.waitForSelector('input#custom-order-files');
    await input!.uploadFile(wav);
    await (await field(seller.page, 'Delivery message')).type('Your beat, stems inside the zip next time if you like it.');
    await button(seller.page, 'Deliver').click();
    await pageStatus(seller.page, 'The delivery was sent; the buyer has been told.');

    // The buyer downloads the file and accepts; the sale is on the producer's balance.
    await buyer.page.goto(`${server.baseUrl}${orderPath}`, { waitUntil: 'load' });
    await waitForHydration(buyer.page);
    await buyer.page.locator('::-p-text(Your beat, stems inside the zip next time if you like it.)').wait();
    const link = await buyer.page.waitForSelector(`::-p-aria([name="Download Trap beat ${runId}.wav"][role="link"])`);
    const href = await link!.evaluate((anchor) => (anchor as HTMLAnchorElement).href);
    const fetched = await buyer.page.evaluate(async (url: string) => {
      const response = await fetch(url, { credentials: 'include' });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    }, href);
    expect(fetched).toEqual({ status: 200, bytes: fs.statSync(wav).size });
    await button(buyer.page, 'Accept delivery').click();
    await pageStatus(buyer.page, 'Thank you: the order is complete, and its files are yours to download for 180 days.');
    expect((await producer.api.json<{ balanceCents: number }>('GET', '/producer/earnings')).body.balanceCents).toBe(12_000);
    expect(describeProblems(buyer.problems)).toBe('');
    expect(describeProblems(seller.problems)).toBe('');
  } finally {
    await buyer.context.close();
    await seller.context.close();
    fs.rmSync(path.dirname(wav), { recursive: true, force: true });
  }
});
