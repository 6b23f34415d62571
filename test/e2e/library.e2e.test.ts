/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { addToCart, button, describeProblems, DESKTOP, openWatchedPage, textOnPage, waitForHydration } from './helpers/page';
import { registerInOpenPopup } from './helpers/registration';
import { QUICK_CAPTCHA } from './helpers/robotCheck';
import { type RunningServer, startServer, withServerOutput } from './helpers/server';
import { sharedFixtures } from './helpers/sharedFixtures';

/**
 * Issue 15 "Done when", in Chromium: a buyer pays for a beat with the sandbox Visa, comes back a
 * day later (the server started again on the same database with its clock a day ahead), finds the
 * order in My purchases with 179 days left, and downloads the beat and its licence contract.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-e2e-library-'));
let server: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await puppeteer.connect({ browserWSEndpoint: sharedFixtures().browserWSEndpoint });
  server = await startServer({ env: QUICK_CAPTCHA, dataDir });
});

afterAll(async () => {
  await Promise.allSettled([browser?.disconnect(), server?.stop()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function firstBeatForSale(baseUrl: string): Promise<{ id: number; name: string }> {
  const { tracks } = (await (await fetch(`${baseUrl}/api/v1/tracks?take=50`)).json()) as { tracks: { id: number; name: string; productType: string; isSold: boolean }[] };
  const beat = tracks.find((track) => track.productType === 'track' && !track.isSold);
  if (!beat) throw new Error('The demo catalogue has no beat for sale');
  return beat;
}

/** Registers from the cart's Checkout and pays with the sandbox's Visa card. */
async function checkOut(page: Page) {
  await button(page, 'Checkout').click();
  await page.locator('::-p-aria([name="Log in or register"][role="dialog"])').wait();
  await button(page, 'Register').click();
  await page.locator('::-p-aria([name="Register or log in"][role="dialog"])').wait();
  await registerInOpenPopup(page, { firstName: 'Ada', lastName: 'Lovelace', emailPrefix: 'library' });
  await page.locator('::-p-aria([name="Account menu"][role="button"])').wait();
  await button(page, 'Checkout').click();
  await page.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
  await page.select('select', 'pm_card_visa');
  await page.locator('.popup button[type="submit"]').click();
  await page.locator('::-p-aria([name="Payment successful"][role="dialog"])').wait();
}

it(
  'a buyer pays for a beat, finds it in My purchases a day later, and downloads the beat and its contract',
  withServerOutput(
    () => server,
    async () => {
      const context = await browser!.createBrowserContext();
      try {
        const { page, problems } = await openWatchedPage(context, DESKTOP);
        const beat = await firstBeatForSale(server!.baseUrl);
        await page.goto(`${server!.baseUrl}/product/${beat.id}`, { waitUntil: 'load' });
        await waitForHydration(page);
        await addToCart(page, beat.name);
        await page.goto(`${server!.baseUrl}/cart`, { waitUntil: 'load' });
        await waitForHydration(page);
        await checkOut(page);

        expect(describeProblems(problems)).toBe('');
        // A day later: the same database, the clock a day ahead; the browser keeps its session cookie.
        await server!.stop();
        server = await startServer({ env: { ...QUICK_CAPTCHA, CLOCK_START_AT: new Date(Date.now() + DAY_MS).toISOString() }, dataDir });
        await page.goto(`${server.baseUrl}/dashboard`, { waitUntil: 'load' });
        await waitForHydration(page);
        // What the open page could not send while no server ran (its action log, its account stream) is no fault of the page.
        problems.splice(0, problems.length, ...problems.filter((problem) => !problem.text.includes('net::ERR_CONNECTION_REFUSED')));
        await page.locator('::-p-aria([name="My purchases"][role="link"])').click();
        await page.waitForFunction(() => location.pathname === '/dashboard/purchases');
        await textOnPage(page, beat.name);
        await textOnPage(page, '179 days left');
        expect(await page.$eval('.status-tag', (tag) => tag.textContent)).toBe('Paid');

        // The master and the contract come from jobs: the page reads the list again until both are there.
        const download = await page.locator(`::-p-aria([name="Download ${beat.name}.wav"][role="link"])`).waitHandle();
        const contract = await page.locator(`::-p-aria([name="Licence contract for ${beat.name} (PDF)"][role="link"])`).waitHandle();
        const cookie = (await context.cookies()).map((each) => `${each.name}=${each.value}`).join('; ');
        const fetchLink = async (link: typeof download) => fetch(new URL((await link.evaluate((anchor) => anchor.getAttribute('href')))!, server!.baseUrl), { headers: { cookie } });

        const wav = await fetchLink(download);
        expect(wav.status).toBe(200);
        const wavBytes = Buffer.from(await wav.arrayBuffer());
        expect(wavBytes.toString('ascii', 0, 4)).toBe('RIFF');
        expect(wavBytes.toString('ascii', 8, 12)).toBe('WAVE');

        const pdf = await fetchLink(contract);
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
        const pdfBytes = Buffer.from(await pdf.arrayBuffer());
        expect(pdfBytes.toString('latin1', 0, 5)).toBe('%PDF-');
        expect(pdfBytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

        // "Send the mail again" answers in the page.
        await button(page, 'Send the mail again').click();
        await textOnPage(page, 'The mail with your download links was sent to your email address');
        expect(describeProblems(problems)).toBe('');
      } finally {
        await context.close();
      }
    },
  ),
  240_000,
);
