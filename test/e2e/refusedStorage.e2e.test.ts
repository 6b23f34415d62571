/**
 * @jest-environment node
 */
import type { HTTPResponse } from 'puppeteer-core';
import { button, describeProblems, openWatchedPage, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * Browsers refuse storage in many ways (site data blocked, private modes, a full quota), and a
 * page served over plain http has no `crypto.randomUUID`. None of that may stop the storefront
 * from hydrating and selling.
 */
const session = useServerAndBrowser();

// For sale (a sold beat has no cart button); other suites on the shared server sell and upload beats.
const CARD = '.beats-page__results .track-card:has(.track-card__play):has(.track-card__actions):has(.track-card__meta:not(:empty))';

/** Runs in the page before any of its scripts: site data blocked, as with cookies blocked for the site. */
function refuseStorageAccess() {
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError');
      },
    });
  }
  delete (Crypto.prototype as Partial<Crypto>).randomUUID;
}

/** Runs in the page before any of its scripts: a storage that is there but full and failing on every call. */
function failEveryStorageCall() {
  const quotaExceeded = () => {
    throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.", 'QuotaExceededError');
  };
  for (const method of ['getItem', 'setItem', 'removeItem', 'key', 'clear'] as const) {
    Object.defineProperty(Storage.prototype, method, { configurable: true, value: quotaExceeded });
  }
  delete (Crypto.prototype as Partial<Crypto>).randomUUID;
}

describe.each([
  ['site data is blocked', refuseStorageAccess],
  ['storage is full and every call throws', failEveryStorageCall],
])('when %s and crypto.randomUUID is missing', (_, breakStorage) => {
  session.test('the shop hydrates, adds to the cart, plays a beat and still ships its action log', async () => {
    const context = await session.browser().createBrowserContext();
    const { page, problems } = await openWatchedPage(context);
    try {
      await page.evaluateOnNewDocument(breakStorage);
      const actionLogShipped = page.waitForResponse(
        (response: HTTPResponse) => response.url().endsWith('/api/v1/action-log') && response.request().method() === 'POST',
      );
      await page.goto(`${session.server().baseUrl}/beats`, { waitUntil: 'load' });
      expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined');
      await waitForHydration(page);

      const name = await page.$eval(`${CARD} .track-card__name`, (element) => element.textContent?.trim() ?? '');
      await button(page, `Add to cart: ${name}`).click();
      await button(page, `Added to cart: ${name}`).wait();
      await page.locator('::-p-aria([name="Cart, 1 item"][role="button"])').wait();

      await button(page, `Play ${name}`).click();
      await page.waitForFunction(
        () => {
          const audio = document.querySelector('audio');
          return audio !== null && !audio.paused && audio.currentTime > 0.3;
        },
      );
      await button(page, `Pause ${name}`).wait();

      const shipped = await actionLogShipped;
      expect({ status: shipped.status(), body: await shipped.text() }).toMatchObject({ status: 201 });
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});
