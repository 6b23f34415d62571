/**
 * @jest-environment node
 */
import type { BrowserContext, HTTPResponse } from 'puppeteer-core';
import { type BrowserProblem, describeProblems, textsOf, waitForHydration, type WatchedPage } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Smoke test of the real server in the system Chromium: server rendering, hydration without
 * mismatch, client-side navigation, the 404 page and action-log shipping.
 */

const HOME_HEADING = 'Beats from independent producers';
/** The browser ships its log every 2 s; this leaves room for a machine busy with other suites. */
const ACTION_LOG_WAIT_MS = 30_000;

type SmokeWindow = Window & { __smokeMarker?: number };

const session = useServerAndBrowser();
const baseUrl = () => session.server().baseUrl;
const test = (name: string, body: () => Promise<void>) => session.test(name, body, 60_000);

test('the server renders the home page and embeds its state in the HTML', async () => {
  const response = await fetch(`${baseUrl()}/`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<h1>${HOME_HEADING}</h1>`);
  const state = /<script type="application\/json" id="__PRELOADED_STATE__">([\s\S]*?)<\/script>/.exec(html);
  expect(state).not.toBeNull();
  expect(JSON.parse(state![1]!)).toEqual(expect.any(Object));
});

describe('a visit to the home page', () => {
  let visit: WatchedPage & { context: BrowserContext };
  let actionLogShipped: Promise<HTTPResponse | Error>;

  beforeAll(async () => {
    visit = await session.open();
    // Listen before loading: the first batch may leave while later steps run.
    actionLogShipped = visit.page
      .waitForResponse(
        (response) => response.url() === `${baseUrl()}/api/v1/action-log` && response.request().method() === 'POST',
        { timeout: ACTION_LOG_WAIT_MS },
      )
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const response = await visit.page.goto(`${baseUrl()}/`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await waitForHydration(visit.page);
  });

  afterAll(async () => {
    await visit?.context.close();
  });

  test('hydrates: the Beats link opens the shop without a reload, and Back returns home', async () => {
    const { page } = visit;
    // A full page load would lose this; client-side navigation keeps it.
    await page.evaluate(() => {
      (window as SmokeWindow).__smokeMarker = 1;
    });

    await page.locator('::-p-aria([name="Beats"][role="link"])').click();
    await page.waitForFunction(
      () => window.location.pathname === '/beats' && document.querySelector('main h1')?.textContent === 'Shop',
    );
    expect(new URL(page.url()).pathname).toBe('/beats');
    expect(await page.evaluate(() => (window as SmokeWindow).__smokeMarker)).toBe(1);

    await page.goBack();
    await page.waitForFunction(
      (heading: string) => window.location.pathname === '/' && document.querySelector('main h1')?.textContent === heading,
      {},
      HOME_HEADING,
    );
    expect(await page.evaluate(() => (window as SmokeWindow).__smokeMarker)).toBe(1);
  });

  test('the page links the style sheet and the loader only; the app is fetched after the first contentful paint', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const linked = [...html.matchAll(/<script defer src="([^"]+)"/g)].map((match) => match[1]!);
    expect(linked.some((src) => /\/assets\/(app|vendor)\./.test(src))).toBe(false);
    const timing = await visit.page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      app: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(app|vendor)\.[0-9a-f]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.app).toHaveLength(2);
    for (const start of timing.app) expect(start).toBeGreaterThanOrEqual(timing.paint!);
  });

  test('ships an action-log batch that the server accepts', async () => {
    const response = await actionLogShipped;
    if (response instanceof Error) {
      throw new Error(`The browser sent no action-log batch within ${ACTION_LOG_WAIT_MS / 1000} s: ${response.message}`);
    }
    // Shown together so that a refusal prints the server's reason.
    expect({ status: response.status(), body: await response.text() }).toMatchObject({ status: 201 });
  });

  test('logs no console errors and throws no uncaught exceptions (hydration mismatches show up here)', async () => {
    expect(describeProblems(visit.problems)).toBe('');
  });
});

/** Chromium reports a document that answers 404 as "Failed to load resource"; that one is expected. */
const isDocumentNotFound = (problem: BrowserProblem, url: string) =>
  problem.kind === 'console.error' && problem.url === url && /status of 404/.test(problem.text);

test('an unknown address shows the 404 page with status 404', async () => {
  const { page, problems, context } = await session.open();
  try {
    const url = `${baseUrl()}/nope/at/all`;
    const response = await page.goto(url, { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await textsOf(page, 'main h1')).toEqual(['Opps!']);
    expect(await textsOf(page, 'main h2')).toEqual(['Page not found (404)']);
    expect(await textsOf(page, 'main p')).toContain('This page could not be found');
    expect(describeProblems(problems.filter((problem) => !isDocumentNotFound(problem, url)))).toBe('');
  } finally {
    await context.close();
  }
});
