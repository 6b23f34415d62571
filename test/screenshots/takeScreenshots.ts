import type { Browser, Page, Viewport } from 'puppeteer-core';
import { launchBrowser } from '../e2e/helpers/browser';
import { describeProblems, openWatchedPage, saveScreenshot, type WatchedPage, waitForHydration } from '../e2e/helpers/page';
import { type RunningServer, startServer } from '../e2e/helpers/server';
import { buyerJourney } from './buyerShots';
import { accountJourney } from './accountShots';
import { moderationJourney } from './moderationShots';
import { customOrderJourney } from './customOrderShots';
import { adminJourney } from './adminShots';
import { analyticsJourney } from './analyticsShots';
import { analyticsConsoleJourney } from './analyticsConsoleShots';
import { moneyJourney } from './moneyShots';
import { checkoutJourney, type Journey, PAGE_SHOTS, playerJourney, SHELL_SHOTS, type Shot } from './reviewShots';
import { studioJourney } from './studioJourney';
import { libraryJourney } from './libraryJourney';

/**
 * `npm run screenshots`: writes the pages, popups, panels, player states and the producer's
 * studio, and the money pages (coupons, payouts, statements) people review to test/artifacts/ (at 1280 and 375 px, the player at 834 too). It starts the real server twice,
 * with default settings and on 10 December with the PRO membership on (the shell's sale bar),
 * and one Chromium. It judges nothing; the tests do. A page that fails to load stops it, and
 * console errors on a shot are printed beside its file. `npm run screenshots -- account` takes
 * only the account settings' shots, `npm run screenshots -- analytics` only the reports',
 * `npm run screenshots -- analytics-console` only the analytics keys and webhooks page's.
 */

/** Pages loading side by side: Chromium waits on the server most of the time. */
const PARALLEL_PAGES = 2;

function reviewer(browser: Browser) {
  const problems: string[] = [];
  const written: string[] = [];

  const shoot = async (watched: WatchedPage, name: string, fullPage: boolean) => {
    await watched.page.evaluate(async () => {
      await document.fonts.ready;
    });
    const bytes = await saveScreenshot(watched.page, name, { fullPage });
    written.push(name);
    // A page that answers 404 on purpose makes Chromium log its document as a failed resource.
    const seen = describeProblems(watched.problems.splice(0).filter((problem) => !(problem.url === watched.page.url() && /status of 404/.test(problem.text))));
    console.log(`test/artifacts/${name}.png (${Math.round(bytes / 1024)} KiB)${seen ? `\n  console errors:\n  ${seen.replace(/\n/g, '\n  ')}` : ''}`);
    if (seen) problems.push(name);
  };

  /** Opens `path` as a new visitor, hydrated, and closes their context afterwards. */
  const asVisitor = async (baseUrl: string, body: (visit: (path: string, viewport: Viewport) => Promise<WatchedPage>) => Promise<void>) => {
    const contexts = new Set<Awaited<ReturnType<Browser['createBrowserContext']>>>();
    const visit = async (path: string, viewport: Viewport) => {
      const context = await browser.createBrowserContext();
      contexts.add(context);
      const watched = await openWatchedPage(context, viewport);
      const response = await watched.page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      if (!response || response.status() >= 500) throw new Error(`${path} answered ${response?.status() ?? 'nothing'}`);
      await waitForHydration(watched.page);
      return watched;
    };
    try {
      await body(visit);
    } finally {
      await Promise.all([...contexts].map((context) => context.close()));
    }
  };

  const shots = async (baseUrl: string, list: Shot[]) => {
    const queue = [...list];
    const worker = async () => {
      for (let shot = queue.shift(); shot; shot = queue.shift()) {
        const current = shot;
        await asVisitor(baseUrl, async (visit) => {
          const watched = await visit(current.path, current.viewport);
          await current.act?.(watched.page);
          await shoot(watched, current.name, current.fullPage);
        });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
  };

  const journey = (baseUrl: string, run: Journey) =>
    asVisitor(baseUrl, async (visit) => {
      const pages = new Map<Page, WatchedPage>();
      await run(
        async (path, viewport) => {
          const watched = await visit(path, viewport);
          pages.set(watched.page, watched);
          return watched.page;
        },
        (page, name, fullPage) => shoot(pages.get(page)!, name, fullPage),
      );
    });

  return { shots, journey, written, problems };
}

/** Both servers, or neither: one that started while the other failed is stopped again. */
async function startServers(): Promise<{ shop: RunningServer; december: RunningServer }> {
  // The journeys register a dozen accounts from this one address, more than a person may in an hour.
  // The analytics console's shots register webhook receivers on this machine.
  const settings = { REGISTRATIONS_PER_HOUR: '1000', WEBHOOK_LOOPBACK_FOR_DEVELOPMENT: 'on' };
  const [shop, december] = await Promise.allSettled([
    // The demo month of activity, for the reports' shots (analyticsShots.ts).
    startServer({ env: { ...settings, DEMO_ACTIVITY: 'on' } }),
    startServer({ env: { ...settings, CLOCK_START_AT: '2026-12-10T09:00:00Z', FEATURE_PRO_MEMBERSHIP: 'true' } }),
  ]);
  if (shop.status === 'fulfilled' && december.status === 'fulfilled') return { shop: shop.value, december: december.value };
  await Promise.allSettled([shop, december].map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  throw shop.status === 'rejected' ? shop.reason : (december as PromiseRejectedResult).reason;
}

async function main() {
  const started = Date.now();
  const chromium = await launchBrowser();
  let servers: { shop: RunningServer; december: RunningServer } | undefined;
  try {
    servers = await startServers();
    const { shop, december } = servers;
    const review = reviewer(chromium.browser);
    if (process.argv.includes('account')) {
      await review.journey(shop.baseUrl, accountJourney(shop));
      return;
    }
    if (process.argv.includes('analytics-console')) {
      await review.journey(shop.baseUrl, analyticsConsoleJourney(shop));
      return;
    }
    if (process.argv.includes('analytics')) {
      await review.journey(shop.baseUrl, analyticsJourney(shop));
      return;
    }
    await review.shots(december.baseUrl, SHELL_SHOTS);
    await review.shots(shop.baseUrl, PAGE_SHOTS);
    await Promise.all([review.journey(shop.baseUrl, playerJourney), review.journey(shop.baseUrl, checkoutJourney)]);
    await review.journey(shop.baseUrl, studioJourney(shop));
    await review.journey(shop.baseUrl, moderationJourney(shop));
    await review.journey(shop.baseUrl, libraryJourney(shop));
    await review.journey(shop.baseUrl, buyerJourney(shop));
    await review.journey(shop.baseUrl, customOrderJourney(shop));
    await review.journey(shop.baseUrl, adminJourney(shop));
    await review.journey(shop.baseUrl, moneyJourney(shop));
    await review.journey(shop.baseUrl, accountJourney(shop));
    await review.journey(shop.baseUrl, analyticsJourney(shop));
    await review.journey(shop.baseUrl, analyticsConsoleJourney(shop));
    console.log(`\n${review.written.length} screenshots in test/artifacts/ in ${Math.round((Date.now() - started) / 1000)} s`);
    if (review.problems.length > 0) console.log(`Console errors on: ${review.problems.join(', ')}`);
  } finally {
    await Promise.allSettled([chromium.close(), servers?.shop.stop(), servers?.december.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error('screenshots:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
