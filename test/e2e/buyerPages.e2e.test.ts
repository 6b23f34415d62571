/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import type { Order } from '../../shared/schemas/order';
import type { TrackList } from '../../shared/schemas/track';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { asShown } from '../helpers/shownTotal';
import { addToCart, button, describeProblems, field, textOnPage, waitForHydration } from './helpers/page';
import { robotCheckPassed } from './helpers/robotCheck';
import { claimBeatForSale } from './helpers/beatsForSale';
import { useServerAndBrowser } from './helpers/session';

/**
 * The buyer's dashboard pages in Chromium on the shared server: Following with Unfollow (the
 * producer page agrees), Wishlist with play into the player bar, Add to cart and Remove, and
 * Support sending a message about one of the buyer's orders.
 */

const session = useServerAndBrowser();
const { test } = session;

const runId = Date.now();
const PLAYER = 'section[aria-label="Player"]';

const waitForPath = (page: Page, pathname: string) =>
  page.waitForFunction((wanted: string) => window.location.pathname === wanted, {}, pathname);

/** A buyer registered over the API, with what the pages show: a followed producer, a wishlist, a paid order. */
interface Buyer {
  email: string;
  beat: { id: number; name: string; producerName: string; producerUrl: string };
  pack: { id: number; name: string };
  orderId: string;
}

let buyer: Buyer;

beforeAll(async () => {
  const email = `buyer.pages.${runId}@example.com`;
  const api = new ApiBrowser(session.server().baseUrl);
  expect((await api.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
  const { tracks } = (await api.json<TrackList>('GET', '/tracks?category=all&take=60&hidesold=true')).body;
  // A beat for sale with a preview (only added to a cart here, never bought), and a sample pack, which sells to everyone.
  const beat = await claimBeatForSale(session.server().baseUrl, { accept: (track) => track.previewTrackSrc !== null });
  const pack = tracks.find((track) => track.productType === 'samplepack')!;
  expect((await api.json('POST', `/users/producer/${beat.producer.id}/follow`)).status).toBe(200);
  for (const productId of [pack.id, beat.id]) expect((await api.json('POST', `/wishlist/${productId}`)).status).toBe(200);
  expect((await api.json('POST', '/ecommerce/cart', { product: pack.id, includeProjectFile: false })).status).toBe(200);
  const paid = await api.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(api, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
  expect(paid.body.status).toBe('paid');
  buyer = {
    email,
    beat: { id: beat.id, name: beat.name, producerName: beat.producer.artistName, producerUrl: beat.producer.producerUrl },
    pack: { id: pack.id, name: pack.name },
    orderId: paid.body.id,
  };
});

/** Logs the buyer in through the login popup, then opens `pathname` of the dashboard site. */
async function openAsBuyer(pathname: string) {
  const opened = await session.visit('/?login=true');
  const { page } = opened;
  await (await field(page, 'Email')).type(buyer.email);
  await (await field(page, 'Password')).type('beats42');
  await button(page, 'Log in').click();
  await page.locator('.site-header .user-menu__avatar').wait();
  await page.goto(`${session.server().baseUrl}${pathname}`, { waitUntil: 'load' });
  await waitForHydration(page);
  return opened;
}

test('Following lists the followed producer; Unfollow takes them off, and their page offers Follow again', async () => {
  const { page, context, problems } = await openAsBuyer('/dashboard/following');
  try {
    const row = `li[aria-label="${buyer.beat.producerName}"]`;
    await page.waitForSelector(row);
    await page.locator(`::-p-aria([name="Unfollow ${buyer.beat.producerName}"][role="button"])`).click();
    await page.waitForSelector(row, { hidden: true });
    await textOnPage(page, 'You follow no producers yet');
    await page.goto(`${session.server().baseUrl}/${buyer.beat.producerUrl}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await button(page, 'Follow').wait();
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('Wishlist plays an entry in the player bar, adds it to the cart, and Remove takes an entry off for good', async () => {
  const { page, context, problems } = await openAsBuyer('/dashboard/wishlist');
  try {
    await page.locator(`::-p-aria([name="Play ${buyer.beat.name}"][role="button"])`).click();
    await page.waitForSelector(PLAYER);
    await page.waitForFunction((css: string, name: string) => document.querySelector(`${css} .player__title`)?.textContent?.trim() === name, {}, PLAYER, buyer.beat.name);
    await addToCart(page, buyer.beat.name);
    const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && new URL(response.url()).pathname === `/api/v1/wishlist/${buyer.pack.id}`);
    await page.locator(`::-p-aria([name="Remove ${buyer.pack.name} from wishlist"][role="button"])`).click();
    expect((await removed).status()).toBe(200);
    await page.waitForSelector(`li[aria-label="${buyer.pack.name}"]`, { hidden: true });
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    await page.waitForSelector(`li[aria-label="${buyer.beat.name}"]`);
    expect(await page.$(`li[aria-label="${buyer.pack.name}"]`)).toBeNull();
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('Support sends the contact form with one of the buyer’s orders picked', async () => {
  const { page, context, problems } = await openAsBuyer('/dashboard/support');
  try {
    const picker = await field(page, 'Order (optional)');
    await picker.select(buyer.orderId);
    await (await field(page, 'Subject')).type('My sample pack');
    await (await field(page, 'Message')).type('The download of my sample pack stopped halfway.');
    await robotCheckPassed(page, 'form[aria-label="Contact form"]');
    const sent = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/pages/contact');
    await button(page, 'Send message').click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ email: buyer.email, orderId: buyer.orderId, subject: 'My sample pack' });
    await textOnPage(page, 'Thank you! Your message has been sent.');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test('the dashboard’s home shows the purchase and leads to the pages of the menu', async () => {
  const { page, context, problems } = await openAsBuyer('/dashboard');
  try {
    await textOnPage(page, 'Recent purchases');
    await textOnPage(page, buyer.pack.name);
    await page.locator('.site-nav ::-p-aria([name="Wishlist"][role="link"])').click();
    await waitForPath(page, '/dashboard/wishlist');
    await textOnPage(page, buyer.beat.name);
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
