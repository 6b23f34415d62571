/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import type { ApiBrowser } from '../helpers/accountClient';
import { producerWithASale, shopReportOnceDerived } from './helpers/analyticsFixtures';
import { staffAccount } from './helpers/moderationFixtures';
import { describeProblems, openWatchedPage, PHONE, waitForHydration } from './helpers/page';
import { QUICK_CAPTCHA } from './helpers/robotCheck';
import { useServerAndBrowser } from './helpers/session';
import { eventually } from '../helpers/eventually';

/**
 * Issue 13 "Done when", in Chromium: the admin Dashboard of a server seeded with the demo month
 * (DEMO_ACTIVITY on: a server of this file's own) shows its reports as charts with their tables,
 * and the CSV downloads; a producer's Dashboard shows the figures of their own products.
 */

const session = useServerAndBrowser({ env: { ...QUICK_CAPTCHA, DEMO_ACTIVITY: 'on' } });
const { test } = session;
const runId = String(Date.now());

const loggedIn = async (page: Page, account: ApiBrowser) =>
  page.setCookie(...[...account.cookies].map(([name, value]) => ({ name, value, url: session.server().baseUrl, httpOnly: true })));

/** Every row of a table named `name`, as the text of its cells. */
const tableRows = (page: Page, name: string) =>
  page.$$eval('table', (tables, caption) => {
    const table = tables.find((one) => one.querySelector('caption')?.textContent === caption);
    return table ? [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')) : [];
  }, name);

/** A chart's accessible name and description as a screen reader gets them, and how many bars it draws. */
const chart = (page: Page, name: string) =>
  page.$$eval('svg[role="img"]', (charts, title) => {
    const svg = charts.find((one) => document.getElementById(one.getAttribute('aria-labelledby') ?? '')?.textContent === title);
    return svg ? { description: document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent ?? '', bars: svg.querySelectorAll('rect').length } : null;
  }, name);

test('the admin Dashboard shows the demo month as charts with tables, without JavaScript too, and downloads it as CSV', async () => {
  const server = session.server();
  const admin = await staffAccount(server, `reports.admin.${runId}@example.com`, 'admin');
  const month = await shopReportOnceDerived(admin);
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-report-csv-'));
  const context = await session.browser().createBrowserContext({ downloadBehavior: { policy: 'allow', downloadPath: downloads } });
  try {
    const { page, problems } = await openWatchedPage(context);
    await loggedIn(page, admin);
    await page.goto(`${server.baseUrl}/admin`, { waitUntil: 'load' });
    await waitForHydration(page);

    const revenue = await chart(page, 'Gross revenue and refunds per day');
    expect(revenue?.description).toMatch(/^From .+ by day\. Gross revenue: \$[\d,.]+ in all, the most on /);
    expect(revenue!.bars).toBeGreaterThan(15);
    const days = await tableRows(page, 'Gross revenue and refunds per day (table)');
    expect(days).toHaveLength(30);
    expect(days.filter((day) => day[2] !== '$0.00').length).toBe(month.days.filter((day) => day.revenueCents > 0).length);
    expect((await chart(page, 'Funnel: people at each step'))?.bars).toBe(4);
    expect((await tableRows(page, 'Funnel (table)')).map((row) => row[0])).toEqual(['Viewed a product', 'Added to a cart', 'Started checkout', 'Paid an order']);
    expect(await tableRows(page, 'Top beats by plays (table)')).toHaveLength(10);
    expect((await tableRows(page, 'Coupon use (table)'))[0]).toEqual(['Paid orders with a coupon', String(month.coupons.ordersWithCoupon)]);
    // The Dashboard's own sections are still there.
    await page.locator('::-p-aria([name="Pending producers"][role="link"])').wait();

    await page.locator('::-p-aria([name="Download CSV"][role="link"])').click();
    const file = path.join(downloads, `beatcrate-report-${month.range.from}-to-${month.range.to}.csv`);
    await eventually(() => fs.existsSync(file), Boolean, 'the downloaded CSV');
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.split('\r\n').slice(0, 4)).toEqual([`# Beatcrate report from ${month.range.from} to ${month.range.to} (UTC days)`, '', '# Gross revenue and refunds per day', 'day,paid_orders,gross_revenue_usd,refunds,refunds_usd']);
    expect(describeProblems(problems)).toBe('');

    // Without JavaScript the page is the server's render: the charts are in it, and the dates form is a plain GET.
    const bare = await context.newPage();
    await bare.setJavaScriptEnabled(false);
    await bare.setViewport(PHONE);
    await bare.goto(`${server.baseUrl}/admin?from=${month.days[10]!.day}&to=${month.days[19]!.day}`, { waitUntil: 'load' });
    expect(await tableRows(bare, 'Gross revenue and refunds per day (table)')).toHaveLength(10);
    expect((await chart(bare, 'Gross revenue and refunds per day'))?.description).toMatch(/^From /);
    await bare.$eval('input[name="from"]', (input) => ((input as HTMLInputElement).value = ''));
    await Promise.all([bare.waitForNavigation({ waitUntil: 'load' }), bare.$eval('form[aria-label="Report dates"]', (form) => (form as HTMLFormElement).submit())]);
    expect(new URL(bare.url()).search).toBe(`?from=&to=${month.days[19]!.day}`);
    expect(await tableRows(bare, 'Gross revenue and refunds per day (table)')).toHaveLength(30);
    // Nothing on a phone is wider than the phone.
    expect(await bare.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  } finally {
    await context.close();
    fs.rmSync(downloads, { recursive: true, force: true });
  }
});

describe.each([
  ['1280', { width: 1280, height: 800 }],
  ['834', { width: 834, height: 1112, isMobile: true, hasTouch: true }],
  ['375', PHONE],
])('the admin Dashboard at %s px', (width, viewport) => {
  test("fits every figure in its card, the demo month's revenue among them", async () => {
    const server = session.server();
    const admin = await staffAccount(server, `figures.admin.${width}.${runId}@example.com`, 'admin');
    await shopReportOnceDerived(admin);
    const context = await session.browser().createBrowserContext();
    try {
      const { page, problems } = await openWatchedPage(context, viewport);
      await loggedIn(page, admin);
      await page.goto(`${server.baseUrl}/admin`, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.locator('::-p-aria([name="Gross revenue and refunds per day"][role="heading"])').wait();
      const cards = await page.$$eval('.stat', (stats) =>
        stats.map((card) => {
          const figure = card.querySelector('dd')!;
          return {
            figure: `${card.querySelector('dt')?.textContent} ${figure.textContent}`,
            overflow: Math.max(figure.scrollWidth - figure.clientWidth, card.scrollWidth - card.clientWidth),
          };
        }),
      );
      expect(cards.map((card) => card.figure)).toEqual(expect.arrayContaining([expect.stringMatching(/^Net revenue, all time \$\d{1,3}(,\d{3})+\.\d\d$/)]));
      expect(cards.filter((card) => card.overflow > 0)).toEqual([]);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});

test("a producer's Dashboard shows the plays and sales of their own products", async () => {
  const { producer, beat } = await producerWithASale(session.server(), runId);
  const { page, context, problems } = await session.open();
  try {
    await loggedIn(page, producer);
    await page.goto(`${session.server().baseUrl}/dashboard`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('::-p-aria([name="Plays and sales"][role="heading"])').wait();
    expect((await chart(page, 'Plays per day'))?.description).toMatch(/Plays: 1 in all, the most on /);
    expect(await tableRows(page, 'Your products (table)')).toEqual([[beat.name, 'beat', '1', '1', '$299.00']]);
    // The shop's other sales are not theirs to see.
    expect(await chart(page, 'Funnel: people at each step')).toBeNull();
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
