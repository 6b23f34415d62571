import type { BrowserContext, Viewport } from 'puppeteer-core';
import { type LaunchedBrowser, launchBrowser } from './browser';
import { openWatchedPage, waitForHydration, type WatchedPage } from './page';
import { type RunningServer, startServer, withServerOutput } from './server';

/**
 * The real server and a Chromium for one test file: started before its tests, stopped after.
 * `test` carries the server's output into any failure.
 */
export function useServerAndBrowser(options: { env?: NodeJS.ProcessEnv } = {}) {
  let server: RunningServer | undefined;
  let chromium: LaunchedBrowser | undefined;

  beforeAll(async () => {
    // Chromium first: a missing browser should fail in a second, not after a client build.
    chromium = await launchBrowser();
    server = await startServer(options);
  }, 180_000);

  afterAll(async () => {
    const results = await Promise.allSettled([chromium?.close(), server?.stop()]);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }, 60_000);

  /** Opens `url` as a new visitor: a browser context of their own, so their own cookies. */
  const visit = async (url: string, viewport?: Viewport): Promise<WatchedPage & { context: BrowserContext }> => {
    const context = await chromium!.browser.createBrowserContext();
    const watched = await openWatchedPage(context, viewport);
    await watched.page.goto(`${server!.baseUrl}${url}`, { waitUntil: 'load' });
    await waitForHydration(watched.page);
    return { ...watched, context };
  };

  return {
    visit,
    server: () => server!,
    browser: () => chromium!.browser,
    test: (name: string, body: () => Promise<void>, timeout = 90_000) => it(name, withServerOutput(() => server, body), timeout),
  };
}
