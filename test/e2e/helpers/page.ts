import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Viewport } from 'puppeteer-core';

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 812, isMobile: true, hasTouch: true };
/** The two widths every reviewed page is looked at in. */
export const REVIEW_WIDTHS: ReadonlyArray<[string, Viewport]> = [
  ['1280', DESKTOP],
  ['375', PHONE],
];

const ARTIFACTS_DIR = path.resolve(__dirname, '../../artifacts');

/** Writes test/artifacts/{name}.png for people to look at (gitignored); answers the file's size. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<number> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`) as `${string}.png`;
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  return fs.statSync(file).size;
}

export interface BrowserProblem {
  kind: 'console.error' | 'pageerror';
  text: string;
  /** Where it came from: a script or resource URL when Chromium gives one. */
  url?: string;
}

export interface WatchedPage {
  page: Page;
  /**
   * Console errors and uncaught exceptions since the page opened. A hydration mismatch lands here:
   * a console error from a development build, an uncaught "Minified React error #418" from production.
   */
  problems: BrowserProblem[];
}

/** A new tab that records every console error and uncaught exception. */
export async function openWatchedPage(browser: Browser | BrowserContext, viewport: Viewport = DESKTOP): Promise<WatchedPage> {
  const page = await browser.newPage();
  // A wait for what the person waits for (a text, a dialog) fails only when it never comes: on a
  // busy 2-core machine a payment's answer can take longer than puppeteer's default 30 s.
  page.setDefaultTimeout(60_000);
  await page.setViewport(viewport);
  const problems: BrowserProblem[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    problems.push({ kind: 'console.error', text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => {
    problems.push({ kind: 'pageerror', text: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  });
  return { page, problems };
}

export function describeProblems(problems: readonly BrowserProblem[]): string {
  return problems.map((problem) => `[${problem.kind}] ${problem.text}${problem.url ? ` (${problem.url})` : ''}`).join('\n');
}

/**
 * Resolves once React has hydrated the element `selector` names. React keeps its fiber on
 * hydrated DOM nodes under a `__reactFiber$<random>` key; before that, a click on a link is
 * an ordinary full-page navigation and would make a client-side-routing check flaky.
 */
export async function waitForHydration(page: Page, selector = '#root a[href]', timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (css: string) => {
      const element = document.querySelector(css);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    },
    { timeout },
    selector,
  );
}

/** The text of every element `selector` matches, trimmed, in document order. */
export function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) => elements.map((element) => element.textContent?.trim() ?? ''));
}

/** The button a person would press, by its accessible name. */
export const button = (page: Page, name: string) => page.locator(`::-p-aria([name="${name}"][role="button"])`);

/**
 * Presses a product's Add to cart and waits until the server has kept it: the button says
 * "Added" at once (SPEC §4's placeholder), so leaving the page before the answer could cancel the add.
 */
export async function addToCart(page: Page, productName: string): Promise<void> {
  const kept = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/ecommerce/cart',
  );
  await button(page, `Add to cart: ${productName}`).click();
  const answer = await kept;
  if (!answer.ok()) throw new Error(`Adding ${productName} to the cart was answered ${answer.status()}: ${await answer.text()}`);
  await button(page, `Added to cart: ${productName}`).wait();
}

/**
 * Waits until `text` shows anywhere on the page. Checked at every change of the page, not once a
 * frame: a toast shown for a few seconds is seen even when a busy machine draws few frames.
 */
export async function textOnPage(page: Page, text: string): Promise<void> {
  try {
    await page.waitForFunction((wanted: string) => document.body.innerText.includes(wanted), { polling: 'mutation' }, text);
  } catch (error) {
    // A bare "Waiting failed" says nothing in a CI log; what the page showed instead usually does.
    const shown = await page.evaluate(() => document.body.innerText).catch(() => '(the page could not be read)');
    throw new Error(`"${text}" did not show on ${page.url()}: ${String(error)}\nThe page showed:\n${shown.slice(0, 3000)}`);
  }
}

/**
 * The control a visible label names, the way a person finds a field: inside the topmost open
 * popup when there is one (the footer's newsletter form has an Email field too), else the page.
 */
export async function field(page: Page, label: string) {
  // Typed into before React has taken the field over, a controlled input's text is lost when it does.
  const handle = await page.waitForFunction((text: string) => {
    const scope = [...document.querySelectorAll('[role="dialog"]')].at(-1) ?? document;
    const control = [...scope.querySelectorAll('label')].find((element) => element.textContent?.trim() === text)?.control ?? null;
    return control !== null && Object.keys(control).some((key) => key.startsWith('__reactFiber$')) ? control : null;
  }, {}, label);
  return handle.asElement() as NonNullable<Awaited<ReturnType<Page['$']>>>;
}
