/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { describeProblems, REVIEW_WIDTHS } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * The seeded shop's art in Chromium: every card on /beats, the product page's cover and the
 * producer page's avatar and banner load (naturalWidth > 0), as WebP, in a size the layout needs.
 */

const session = useServerAndBrowser();

interface LoadedImage {
  alt: string;
  naturalWidth: number;
  currentSrc: string;
}

/** Brings each image into view (lazy ones load only then) and waits for it to decode. */
function loadImages(page: Page, selector: string): Promise<LoadedImage[]> {
  return page.$$eval(selector, async (images) => {
    const loaded: LoadedImage[] = [];
    for (const image of images as HTMLImageElement[]) {
      image.scrollIntoView({ block: 'center' });
      await image.decode().catch(() => undefined);
      loaded.push({ alt: image.alt, naturalWidth: image.naturalWidth, currentSrc: image.currentSrc });
    }
    return loaded;
  });
}

describe.each(REVIEW_WIDTHS)('art at %s px', (_width, viewport) => {
  session.test('every card on /beats shows its cover, loaded as WebP', async () => {
    const visit = await session.visit('/beats', viewport);
    try {
      const cards = await visit.page.$$eval('.beats-page__results .track-card', (found) => found.length);
      const images = await loadImages(visit.page, '.beats-page__results .track-card img');
      expect(cards).toBeGreaterThan(0);
      expect(images).toHaveLength(cards);
      for (const image of images) {
        // Generated art for the demo shop's products, or a producer's own cover for a beat uploaded by another suite on the shared server.
        const cover = /\/covers\/(art-v\d+-product-\d+|cover-[0-9a-f]{24})\/\d+\.webp$/;
        expect(image).toEqual({ alt: expect.stringMatching(/^Cover of /), naturalWidth: expect.any(Number), currentSrc: expect.stringMatching(cover) });
        expect(image.naturalWidth).toBeGreaterThan(0);
      }
      expect(describeProblems(visit.problems)).toBe('');
    } finally {
      await visit.context.close();
    }
  });

  session.test('a product page shows its cover at once, and the producer page its avatar and banner', async () => {
    const visit = await session.visit('/product/1', viewport);
    try {
      const [productCover] = await loadImages(visit.page, '.product-page__cover');
      expect(productCover).toMatchObject({ alt: expect.stringMatching(/^Cover of /), currentSrc: expect.stringMatching(/\/300\.webp$/) });
      expect(productCover!.naturalWidth).toBeGreaterThan(0);
      expect(await visit.page.$eval('.product-page__cover', (image) => (image as HTMLImageElement).loading)).toBe('eager');
      const producerLink = await visit.page.$eval('.product-page__producer a', (link) => link.getAttribute('href')!);
      await visit.page.goto(`${session.server().baseUrl}${producerLink}`, { waitUntil: 'load' });
      const images = await loadImages(visit.page, '.producer-page__banner, .producer-page__avatar');
      expect(images.map((image) => image.currentSrc.replace(/.*\/covers\/[^/]+\//, ''))).toEqual([expect.stringMatching(/^banner-\d+\.webp$/), '128.webp']);
      for (const image of images) expect(image.naturalWidth).toBeGreaterThan(0);
      expect(describeProblems(visit.problems)).toBe('');
    } finally {
      await visit.context.close();
    }
  });
});
