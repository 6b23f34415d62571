import puppeteer, { type Browser, type BrowserContext, type Viewport } from 'puppeteer-core';
import { FailureWitness } from './failureWitness';
import { openWatchedPage, waitForHydration, type WatchedPage } from './page';
import { type RunningServer, SERVER_START_CEILING_MS, type ServerHandle, startServer, withServerOutput } from './server';
import { sharedFixtures, sharedServer } from './sharedFixtures';

/**
 * The real server and the Chromium for one test file. Without `env`, the server is the one all
 * Chromium suites share (started by the project's globalSetup), so its database holds what other
 * files did too: register unique emails, and buy only beats that no other file buys. With
 * `env` (e.g. CLOCK_START_AT), the file starts a server of its own, stopped after its tests.
 * The Chromium is always the shared one: open each visitor in a browser context of its own.
 * `test` carries into any failure what the visitors' pages last showed and the server's output.
 */
export function useServerAndBrowser(options: { env?: NodeJS.ProcessEnv } = {}) {
  let server: ServerHandle | undefined;
  let ownServer: RunningServer | undefined;
  let browser: Browser | undefined;
  const witness = new FailureWitness();

  beforeAll(async () => {
    const shared = sharedFixtures();
    browser = await puppeteer.connect({ browserWSEndpoint: shared.browserWSEndpoint });
    if (options.env) {
      ownServer = await startServer(options);
      server = ownServer;
    } else {
      server = sharedServer(shared);
    }
  }, SERVER_START_CEILING_MS + 30_000);

  afterAll(async () => {
    const results = await Promise.allSettled([browser?.disconnect(), ownServer?.stop()]);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  });

  /** A new visitor: a browser context of their own, so their own cookies and storage. */
  const open = async (viewport?: Viewport): Promise<WatchedPage & { context: BrowserContext }> => {
    const context = await browser!.createBrowserContext();
    const watched = await openWatchedPage(context, viewport);
    witness.watch(context, watched.page);
    return { ...watched, context };
  };

  /** Opens `url` as a new visitor, once React has hydrated it. */
  const visit = async (url: string, viewport?: Viewport): Promise<WatchedPage & { context: BrowserContext }> => {
    const opened = await open(viewport);
    await opened.page.goto(`${server!.baseUrl}${url}`, { waitUntil: 'load' });
    await waitForHydration(opened.page);
    return opened;
  };

  return {
    open,
    visit,
    server: () => server!,
    browser: () => browser!,
    test: (name: string, body: () => Promise<void>, timeout?: number) => it(name, withServerOutput(() => server, body, () => witness.take()), timeout),
  };
}
