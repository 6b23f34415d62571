/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { button, describeProblems, PHONE, textOnPage, textsOf, waitForHydration } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/** The shop as a buyer uses it: a filtered URL, a filter click, and scrolling for more. */
const session = useServerAndBrowser();
const { test } = session;

const cardNames = (page: Page) => textsOf(page, '.beats-page__results .track-card__name');

test('a filter URL is server-rendered with the fourth tag ignored and the filters shown as set', async () => {
  const html = await (await fetch(`${session.server().baseUrl}/beats?genre=1&bpm=90,120&tags=a,b,c,d`)).text();
  const state = JSON.parse(/id="__PRELOADED_STATE__">([^<]*)</.exec(html)![1]!) as { catalogue: { beats: { search: string } } };
  expect(state.catalogue.beats.search).toBe('?tags=a,b,c&bpm=90,120&genre=1');
  expect(html).toContain('value="90"');
  // The three tags are chips in the header's tag search; the fourth is nowhere.
  for (const tag of ['a', 'b', 'c']) expect(html).toContain(`aria-label="Remove tag ${tag}"`);
  expect(html).not.toContain('aria-label="Remove tag d"');
});

test('changing a filter updates the URL and the list; scrolling loads the next page without duplicates', async () => {
  const { page, problems, context } = await session.open();
  try {
    await page.goto(`${session.server().baseUrl}/beats`, { waitUntil: 'load' });
    await waitForHydration(page);
    // The server rendered the first page; scrolling to the end of the list asks for the next one.
    expect((await cardNames(page)).length).toBeGreaterThanOrEqual(20);
    const shown = (await cardNames(page)).length;
    await page.evaluate(() => document.querySelector('.beats-page__more')?.scrollIntoView());
    await page.waitForFunction(
      (before: number) => document.querySelectorAll('.beats-page__results .track-card').length > before,
      {},
      shown,
    );
    const pageTwo = await page.$$eval('.beats-page__results .track-card__name', (links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(pageTwo).size).toBe(pageTwo.length);

    await page.locator('::-p-aria([name="Price low to high"][role="link"])').click();
    await page.waitForFunction(() => window.location.search === '?sortby=price-to-high');
    // The list is replaced by the sorted one (more pages may follow as the end comes into view).
    await page.waitForFunction(
      () => {
        const prices = [...document.querySelectorAll('.beats-page__results .track-card__price')]
          .slice(0, 20)
          .map((element) => element.textContent ?? '')
          .filter((text) => text !== 'Sold')
          .map((text) => Number(text.replace('$', '')));
        return prices.length > 0 && prices.every((price, index) => index === 0 || prices[index - 1]! <= price);
      },
    );
    const ids = await page.$$eval('.beats-page__results .track-card__name', (links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(ids).size).toBe(ids.length);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('a link opens its page at the top, and resetting the filters from the bottom of the page shows the first page of beats', async () => {
  const { page, problems, context } = await session.open();
  try {
    await page.goto(`${session.server().baseUrl}/beats?sortby=price-to-high`, { waitUntil: 'load' });
    await waitForHydration(page);
    // From the end of the sidebar, where the link is, with the list scrolled as far.
    await page.evaluate(() => document.querySelector('.filter-panel__reset-all')?.scrollIntoView({ block: 'end' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('::-p-aria([name="Reset all filters"][role="link"])').click();
    await page.waitForFunction(() => window.location.search === '');
    // The first page, at the top: the end of the list is out of view, so no further page is asked
    // for once the page's requests have settled (an open account stream may stay open).
    await page.waitForFunction(() => window.scrollY === 0);
    await page.waitForNetworkIdle({ idleTime: 500, concurrency: 1 });
    expect((await cardNames(page)).length).toBe(20);

    await page.evaluate(() => window.scrollTo(0, 700));
    const [card] = await page.$$('.beats-page__results .track-card__name');
    const title = await card!.evaluate((link) => link.textContent ?? '');
    await card!.click();
    await page.waitForFunction(() => window.location.pathname.startsWith('/product/'));
    await page.locator(`::-p-aria([name="${title}"][role="heading"])`).wait();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('a track preview is real audio that the browser decodes', async () => {
  const { page, context } = await session.open();
  try {
    await page.goto(`${session.server().baseUrl}/`, { waitUntil: 'load' });
    const duration = await page.evaluate(async () => {
      const { tracks } = (await (await fetch('/api/v1/tracks?take=1')).json()) as { tracks: { previewTrackSrc: string | null }[] };
      const audio = new Audio(tracks[0]!.previewTrackSrc!);
      await new Promise((resolve, reject) => {
        audio.addEventListener('loadedmetadata', resolve);
        audio.addEventListener('error', () => reject(new Error(`media error ${audio.error?.code}`)));
      });
      return audio.duration;
    });
    expect(duration).toBeGreaterThan(10);
  } finally {
    await context.close();
  }
});

/** True when the element takes room on the page and a tap on its middle reaches it. */
const tappable = (page: Page, selector: string) =>
  page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.width > 0 && box.height > 0 && hit !== null && element.contains(hit);
  });

test('on a phone, a tag searched in the overlay shows on the page with its remove control, and no beats offers to clear the filters', async () => {
  const { page, problems, context } = await session.open(PHONE);
  try {
    // The demo has no Hip Hop beat in a minor key tagged piano.
    await page.goto(`${session.server().baseUrl}/beats?genre=2&scale=minor`, { waitUntil: 'load' });
    await waitForHydration(page);
    expect((await cardNames(page)).length).toBeGreaterThan(0);
    await button(page, 'Search by tags').click();
    await page.locator('::-p-aria([name="Search tags"][role="combobox"])').click();
    await page.keyboard.type('piano');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('tags') === 'piano');
    await button(page, 'Close search by tags').click();
    await page.waitForFunction(() => document.querySelector('.panel--search') === null);

    await textOnPage(page, 'No beats match these filters.');
    const chip = 'main [aria-label="Active tags"] button[aria-label="Remove tag piano"]';
    expect(await tappable(page, chip)).toBe(true);
    expect(await tappable(page, 'main .beats-page__clear')).toBe(true);
    await page.locator('main ::-p-aria([name="Remove tag piano"][role="button"])').click();
    await page.waitForFunction(() => window.location.search === '?scale=minor&genre=2');
    await page.waitForFunction(() => document.querySelectorAll('.beats-page__results .track-card').length > 0);

    // No beats again, and the offered control clears every filter.
    await page.goto(`${session.server().baseUrl}/beats?genre=2&scale=minor&tags=piano`, { waitUntil: 'load' });
    await waitForHydration(page);
    await textOnPage(page, 'No beats match these filters.');
    await page.locator('main ::-p-aria([name="Clear all filters"][role="link"])').click();
    await page.waitForFunction(() => window.location.search === '');
    await page.waitForFunction(() => document.querySelectorAll('.beats-page__results .track-card').length > 0);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
