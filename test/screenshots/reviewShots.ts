import type { Page, Viewport } from 'puppeteer-core';
import { BLOG_ARTICLES } from '../../shared/content/blogArticles';
import { registration } from '../helpers/accountClient';
import { solveCaptcha } from '../helpers/captcha';
import { captchaHeaders } from '../../shared/api/captcha';
import { button, DESKTOP, field, PHONE, REVIEW_WIDTHS, textOnPage, waitForHydration } from '../e2e/helpers/page';

/** A tablet, where the player bar changes its layout. */
const TABLET: Viewport = { width: 834, height: 1112, isMobile: true, hasTouch: true };

/** What one screenshot shows: a page at a width, and what a person did there first. */
export interface Shot {
  /** The file: test/artifacts/{name}.png. */
  name: string;
  path: string;
  viewport: Viewport;
  /** The whole page rather than what the screen shows (phones and popups show the screen). */
  fullPage: boolean;
  act?: (page: Page) => Promise<void>;
}

/** A flow that leaves the page in several states worth a look, shooting each as it passes. */
export type Journey = (visit: (path: string, viewport: Viewport) => Promise<Page>, shoot: (page: Page, name: string, fullPage: boolean) => Promise<void>) => Promise<void>;

const atWidths = (name: string, path: string, fullPage: (label: string) => boolean, act?: Shot['act']): Shot[] =>
  REVIEW_WIDTHS.map(([label, viewport]) => ({ name: `${name}-${label}`, path, viewport, fullPage: fullPage(label), act }));

const openPanel = (name: string) => async (page: Page) => {
  await page.locator(`::-p-aria([name="${name}"][role="button"])`).click();
  await page.waitForFunction(() => document.body.style.overflow === 'hidden');
};

/** The shell on 10 December with the PRO membership on: header and footer variants, popups and panels. */
export const SHELL_SHOTS: Shot[] = [
  ...[
    ['home', '/'],
    ['beats', '/beats'],
    ['product', '/product/1'],
    ['cart', '/cart'],
    ['terms', '/terms-and-conditions'],
    ['for-sellers', '/for-sellers'],
    ['pro-membership', '/pro-membership'],
    ['login', '/beats?login=true'],
  ].flatMap(([name, path]) => atWidths(`shell-${name}`, path!, (label) => label === '1280' && !path!.includes('=true'))),
  { name: 'shell-navigation-panel-375', path: '/beats', viewport: PHONE, fullPage: false, act: openPanel('Menu') },
  { name: 'shell-filter-panel-375', path: '/beats', viewport: PHONE, fullPage: false, act: openPanel('Filters') },
];

/** The storefront's pages with default settings, whole. */
export const PAGE_SHOTS: Shot[] = [
  ['home', '/'],
  // A well-formed producer short name (route /:id) shows the Beatmaker page; /nope/at/all matches no route.
  ['nope', '/nope'],
  ['not-found', '/nope/at/all'],
  ['login', '/?login=true'],
  ['register', '/beats?register=true'],
  ['beats', '/beats?genre=1&tags=dark'],
  ['producer', '/nova-kade'],
  ['product', '/product/1'],
  ['terms', '/terms-and-conditions'],
  ['blog-article', `/${BLOG_ARTICLES[6]!.routeName}`],
  ['for-sellers-ru', '/for-sellers?language=ru'],
  ['contacts', '/contacts'],
  ['services', '/services'],
  ['report-popup', '/product/1?frame=report'],
].flatMap(([name, path]) => atWidths(name!, path!, () => true));

const PLAYER = 'section[aria-label="Player"]';

async function playFirstBeat(page: Page) {
  const card = '.beats-page__results .track-card:has(.track-card__play):has(.track-card__meta:not(:empty))';
  const name = await page.$eval(`${card} .track-card__name`, (element) => element.textContent?.trim() ?? '');
  await page.locator(`::-p-aria([name="Play ${name}"][role="button"])`).click();
  await page.waitForFunction(() => {
    const audio = document.querySelector('audio');
    return audio !== null && !audio.paused && audio.currentTime > 1;
  }, { timeout: 20_000 });
}

/** The full and the mini player over /beats, at the desktop, tablet and phone widths. */
export const playerJourney: Journey = async (visit, shoot) => {
  for (const [label, viewport] of [['1280', DESKTOP], ['834', TABLET], ['375', PHONE]] as const) {
    const page = await visit('/beats', viewport);
    await playFirstBeat(page);
    await shoot(page, `player-${label}`, false);
    await page.locator(`${PLAYER} ::-p-aria([name="Minimize player"][role="button"])`).click();
    await page.waitForSelector('.player--mini');
    await shoot(page, `player-mini-${label}`, false);
  }
};

interface Listed {
  id: number;
  name: string;
  productType: string;
  isSold: boolean;
}

async function addToCart(page: Page, beat: Listed, countAfter: number) {
  await page.goto(new URL(`/product/${beat.id}`, page.url()).href, { waitUntil: 'load' });
  await waitForHydration(page);
  await button(page, `Add to cart: ${beat.name}`).click();
  await button(page, `Added to cart: ${beat.name}`).wait();
  await button(page, `Cart, ${countAfter} ${countAfter === 1 ? 'item' : 'items'}`).wait();
}

/** The cart dropdown, the cart with Nova Kade's coupon, and the payment's success popup. */
export const checkoutJourney: Journey = async (visit, shoot) => {
  const page = await visit('/', DESKTOP);
  const { tracks } = await page.evaluate(async () => (await fetch('/api/v1/tracks?author_id=1&take=50')).json() as Promise<{ tracks: Listed[] }>);
  const [first, second, third] = tracks.filter((track) => track.productType === 'track' && !track.isSold);
  if (!first || !second || !third) throw new Error('The demo catalogue has not three beats of Nova Kade for sale');

  await addToCart(page, first, 1);
  await addToCart(page, second, 2);
  await button(page, 'Cart, 2 items').click();
  await textOnPage(page, 'YOUR CART');
  await shoot(page, 'cart-dropdown-1280', true);

  // Registered by the page's own fetch, so the guest cart stays with the new account; the captcha solved as the widget would.
  const captcha = await solveCaptcha(new URL(page.url()).origin);
  const registered = await page.evaluate(
    async (body: unknown, headers: Record<string, string>) => {
      const response = await fetch('/api/v1/auth/register', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return response.status;
    },
    registration({ email: `screenshots.${Date.now()}@example.com` }),
    captchaHeaders(captcha),
  );
  if (registered >= 300) throw new Error(`Registering the buyer answered ${registered}`);
  await page.goto(new URL('/cart', page.url()).href, { waitUntil: 'load' });
  await waitForHydration(page);
  await (await field(page, 'Coupon')).type('novakade20');
  await button(page, 'Apply').click();
  await textOnPage(page, 'Coupon novakade20 applied: 20% off');
  await shoot(page, 'cart-1280', true);
  await page.setViewport(PHONE);
  await textOnPage(page, 'Coupon novakade20 applied: 20% off');
  await shoot(page, 'cart-375', true);
  await page.setViewport(DESKTOP);
  await textOnPage(page, 'Coupon novakade20 applied: 20% off');

  await button(page, 'Checkout').click();
  await page.locator('::-p-aria([name="Payment"][role="dialog"])').wait();
  await page.select('select', 'pm_card_visa');
  await page.locator('.popup button[type="submit"]').click();
  await page.locator('::-p-aria([name="Payment successful"][role="dialog"])').setTimeout(20_000).wait();
  await shoot(page, 'checkout-success-1280', true);

  const phone = await visit('/', PHONE);
  await addToCart(phone, third, 1);
  await button(phone, 'Cart, 1 item').click();
  await textOnPage(phone, 'YOUR CART');
  await shoot(phone, 'cart-dropdown-375', true);
};
