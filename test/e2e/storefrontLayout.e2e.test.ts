/**
 * @jest-environment node
 */
import type { Page, Viewport } from 'puppeteer-core';
import { addToCart, button, describeProblems, DESKTOP, field, PHONE, textOnPage, waitForHydration } from './helpers/page';
import { robotCheckPassed } from './helpers/robotCheck';
import { useServerAndBrowser } from './helpers/session';

/**
 * What a buyer sees around the player bar and the header, in Chromium at the widths that matter
 * (SPEC §2, §8, §9): nothing covers what must be tapped, nothing the bar lists goes missing.
 */
const session = useServerAndBrowser();
const { test, visit } = session;

const TABLET: Viewport = { width: 834, height: 1112, isMobile: true, hasTouch: true };
const PLAYER = 'section[aria-label="Player"]';
// For sale (a sold beat has no cart button), with BPM and key; other suites on the shared server sell and upload beats.
const BEAT_CARD = '.beats-page__results .track-card:has(.track-card__play):has(.track-card__actions):has(.track-card__meta:not(:empty))';

type Box = { left: number; top: number; right: number; bottom: number };

/** Puts the first beat of /beats (one with BPM and key) in the cart, then plays it. */
async function addAndPlayFirstBeat(page: Page): Promise<string> {
  const name = await page.$eval(`${BEAT_CARD} .track-card__name`, (element) => element.textContent?.trim() ?? '');
  // Before the player bar shows, which could cover a card at the bottom of the window.
  await addToCart(page, name);
  await button(page, `Play ${name}`).click();
  await page.waitForSelector(PLAYER);
  await page.waitForFunction(() => {
    const audio = document.querySelector('audio');
    return audio !== null && !audio.paused && audio.currentTime > 0.2;
  });
  return name;
}

/** True when the element's middle is what a tap there reaches. */
const reachable = (page: Page, selector: string) =>
  page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });

const boxOf = (page: Page, selector: string): Promise<Box> =>
  page.$eval(selector, (element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  });

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe.each([
  ['375', PHONE],
  ['834', TABLET],
])('below 1280 px (%s)', (_width, viewport) => {
  test('with a track playing, Continue in the cart dropdown is above the player bar and reaches /cart, where the music pauses', async () => {
    const { page, problems, context } = await visit('/beats', viewport);
    try {
      await addAndPlayFirstBeat(page);
      await button(page, 'Cart, 1 item').click();
      const continueLink = '.cart-dropdown__continue';
      await page.waitForSelector(continueLink, { visible: true });
      expect(overlap(await boxOf(page, continueLink), await boxOf(page, PLAYER))).toBe(false);
      expect(await reachable(page, continueLink)).toBe(true);
      await page.locator('::-p-text(Continue (Subtotal:)').click();
      await page.waitForFunction(() => location.pathname === '/cart');
      await textOnPage(page, 'Service fee');

      // SPEC §2 hides the bar here; the music must not go on without a control.
      expect(await page.$(PLAYER)).toBeNull();
      await page.waitForFunction(() => document.querySelector('audio')?.paused === true);

      // Back on the shop the bar shows again, paused, and plays on when asked.
      await page.goBack();
      await page.waitForSelector(PLAYER);
      expect(await page.evaluate(() => document.querySelector('audio')?.paused)).toBe(true);
      await page.locator(`${PLAYER} ::-p-aria([name="Play"][role="button"])`).click();
      await page.waitForFunction(() => document.querySelector('audio')?.paused === false);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['375', PHONE, 97],
  ['834', TABLET, 97],
  ['1280', DESKTOP, 68],
])('the player bar at %s px', (_width, viewport, height) => {
  test(`shows the producer, BPM and key of the playing beat inside its ${height} px, clear of its controls`, async () => {
    const { page, problems, context } = await visit('/beats', viewport);
    try {
      await addAndPlayFirstBeat(page);
      const bar = await boxOf(page, PLAYER);
      expect(Math.round(bar.bottom - bar.top)).toBe(height);
      const controls = await Promise.all(['.player__controls', '.player__actions', '.player__track'].map((selector) => boxOf(page, `${PLAYER} ${selector}`)));
      for (const [selector, pattern] of [
        ['.player__producer', /\bby \S/],
        ['.player__bpm', /^\d+ BPM$/],
        ['.player__key', /^[A-G]#?m?$/],
      ] as const) {
        const element = `${PLAYER} ${selector}`;
        expect(await page.$eval(element, (node) => (node as HTMLElement).innerText.trim())).toMatch(pattern);
        const box = await boxOf(page, element);
        expect(box.right - box.left).toBeGreaterThan(0);
        expect(box.left >= bar.left && box.right <= bar.right && box.top >= bar.top && box.bottom <= bar.bottom).toBe(true);
        for (const control of controls) expect(overlap(box, control)).toBe(false);
        expect(await reachable(page, element)).toBe(true);
      }
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['1280', DESKTOP, 55],
  ['834', TABLET, 45],
  ['375', PHONE, 45],
])('the header at %s px', (_width, viewport, height) => {
  test(`is ${height} px tall on screen, its bottom line included (SPEC §9)`, async () => {
    const { page, problems, context } = await visit('/beats', viewport);
    try {
      const header = await boxOf(page, '.site-header');
      expect(header.bottom - header.top).toBe(height);
      await page.goto(`${session.server().baseUrl}/`, { waitUntil: 'load' });
      await waitForHydration(page);
      const home = await boxOf(page, '.site-header');
      expect(home.bottom - home.top).toBe(height);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['1280', DESKTOP, ['.site-header__logo', '.site-header__menu', '.site-header__login']],
  ['375', PHONE, ['.site-header__title']],
])('the error toast at %s px', (_width, viewport, headerParts) => {
  test('shows top left, below the header, covering neither the logo nor the menu', async () => {
    const { page, problems, context } = await visit('/beats', viewport);
    try {
      const name = await page.$eval(`${BEAT_CARD} .track-card__name`, (element) => element.textContent?.trim() ?? '');
      await addToCart(page, name);
      // A coupon this browser remembered, refused after a page load away from the cart: the error toast.
      await page.evaluate(() => window.localStorage.setItem('beatcrate.cart.coupon', 'nosuchcode'));
      await page.reload({ waitUntil: 'load' });
      await waitForHydration(page);
      const toast = '[role="alert"] .toast';
      await page.waitForSelector(toast, { visible: true });

      const check = async () => {
        const box = await boxOf(page, toast);
        const header = await boxOf(page, '.site-header');
        expect(box.top).toBeGreaterThanOrEqual(header.bottom);
        expect(box.left).toBeLessThan(viewport.width / 2);
        for (const part of headerParts) {
          const visible = await page.$eval(part, (element) => element.getClientRects().length > 0);
          if (!visible) continue;
          expect(overlap(box, await boxOf(page, part))).toBe(false);
          expect(await reachable(page, part)).toBe(true);
        }
      };
      await check();
      // Scrolled down, the header sticks at the top and the toast stays under it.
      await page.evaluate(() => window.scrollTo(0, 400));
      await check();
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
  ['834', TABLET],
])('the notification toast at %s px', (_width, viewport) => {
  test('covers no heart and no Add to cart of the list anywhere down the page, and its close button can be tapped', async () => {
    const { page, problems, context } = await visit('/beats', viewport);
    try {
      const name = await page.$eval(`${BEAT_CARD} .track-card__name`, (element) => element.textContent?.trim() ?? '');
      await addToCart(page, name);
      const toast = '[role="status"] .toast';
      await page.waitForSelector(toast, { visible: true });
      // While the toast shows (4.5 s), the list is scrolled under it step by step, as the buyer's
      // thumb would, and each heart and Add to cart shown between the header and the footer bar is
      // tapped at its middle: the tap must reach it, not the toast.
      const sweep = await page.evaluate((toastSelector: string) => {
        const covered: string[] = [];
        let tapped = 0;
        const controls = [...document.querySelectorAll('.beats-page__results button')].filter((control) =>
          /^(Add|Remove) .+ (to|from) wishlist$|^Add(ed)? to cart: /.test(control.getAttribute('aria-label') ?? ''),
        );
        for (let top = 0; top <= 800; top += 20) {
          window.scrollTo({ top, behavior: 'instant' });
          const headerBottom = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
          // The footer bar is the phone's and the tablet's; on a desktop the list runs to the window's bottom.
          const bar = document.querySelector('.footer-bar')!;
          const barTop = getComputedStyle(bar).display === 'none' ? window.innerHeight : bar.getBoundingClientRect().top;
          for (const control of controls) {
            const box = control.getBoundingClientRect();
            const x = box.left + box.width / 2;
            const y = box.top + box.height / 2;
            // Wholly on screen: one half under the header or the footer bar is not offered to a tap.
            if (box.top < headerBottom || box.bottom > barTop || box.left < 0 || box.right > window.innerWidth) continue;
            tapped += 1;
            const hit = document.elementFromPoint(x, y);
            if (hit === null || !control.contains(hit)) covered.push(`${control.getAttribute('aria-label')} at scroll ${top}: ${hit?.closest(toastSelector) ? 'the toast' : (hit?.tagName.toLowerCase() ?? 'nothing')}`);
          }
        }
        return { covered, tapped, toastStillShown: document.querySelector(toastSelector) !== null };
      }, toast);
      expect(sweep.toastStillShown).toBe(true);
      expect(sweep.tapped).toBeGreaterThan(10);
      expect(sweep.covered).toEqual([]);
      expect(await reachable(page, `${toast} .toast__close`)).toBe(true);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
])('the registration popup at %s px', (_width, viewport) => {
  test("takes a tap on the middle of the robot check's box, and a tap once it is verified leaves it verified", async () => {
    const { page, problems, context } = await visit('/?register=true', viewport);
    try {
      const box = '[role="dialog"] altcha-widget input[type="checkbox"]';
      // The widget is a chunk of its own: its box is drawn once that has loaded.
      await page.waitForSelector(box);
      await page.$eval(box, (element) => element.scrollIntoView({ block: 'center' }));
      // What a tap at the box's middle lands on: the box itself, not the tick drawn over it.
      const middle = () =>
        page.$eval(box, (element) => {
          const { left, top, width, height } = element.getBoundingClientRect();
          return { x: left + width / 2, y: top + height / 2, hit: document.elementFromPoint(left + width / 2, top + height / 2) === element };
        });
      expect((await middle()).hit).toBe(true);
      // The check solves itself once the visitor is in the form; a person still ticks the box.
      await (await field(page, 'Email')).type('robot.check@example.com');
      await robotCheckPassed(page, '[role="dialog"]');
      const { x, y } = await middle();
      await page.mouse.click(x, y);
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(await page.$eval(box, (element) => (element as HTMLInputElement).checked)).toBe(true);
      await robotCheckPassed(page, '[role="dialog"]');
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });

  test("keeps 'Log in' as far above the First Name label as one field is from the next, and the account type in line", async () => {
    const { page, problems, context } = await visit('/?register=true', viewport);
    try {
      const spacing = await page.$eval('[role="dialog"]', (dialog) => {
        const labelled = (text: string) => [...dialog.querySelectorAll('label')].find((label) => label.textContent?.trim() === text)!;
        const logIn = [...dialog.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Log in')!.getBoundingClientRect();
        const firstName = labelled('First Name');
        const buyer = labelled("I'm a buyer");
        const words = document.createRange();
        words.selectNodeContents([...buyer.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')!);
        return {
          logInToFirstName: firstName.getBoundingClientRect().top - logIn.bottom,
          fieldToNextField: labelled('Last Name').getBoundingClientRect().top - firstName.control!.getBoundingClientRect().bottom,
          accountTypeIndent: [...dialog.querySelectorAll('legend')].find((legend) => legend.textContent === 'Account type')!.getBoundingClientRect().left - firstName.getBoundingClientRect().left,
          radioToWords: words.getBoundingClientRect().left - buyer.control!.getBoundingClientRect().right,
        };
      });
      expect(spacing.fieldToNextField).toBeGreaterThan(0);
      expect(spacing.logInToFirstName).toBeGreaterThanOrEqual(spacing.fieldToNextField);
      // The account type's legend starts where the fields' labels do, and a radio stands apart from its words.
      expect(spacing.accountTypeIndent).toBe(0);
      expect(spacing.radioToWords).toBeGreaterThanOrEqual(4);
      expect(describeProblems(problems)).toBe('');
    } finally {
      await context.close();
    }
  });
});
