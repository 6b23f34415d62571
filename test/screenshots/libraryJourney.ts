import type { Viewport } from 'puppeteer-core';
import type { Purchases } from '../../shared/schemas/library';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { asShown } from '../helpers/shownTotal';
import { REVIEW_WIDTHS, waitForHydration } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';

interface Listed {
  id: number;
  name: string;
  productType: string;
  isSold: boolean;
}

/**
 * My purchases (issue 15) for review: a buyer who paid for two beats and a sample pack with the sandbox Visa, once the jobs prepared the masters and the contracts,
 * at 1280 and 375 px; and the page of a member who bought nothing.
 */
export function libraryJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = Date.now();
    const buyer = new ApiBrowser(server.baseUrl);
    if ((await buyer.json('POST', '/auth/register', registration({ email: `shots.buyer.${runId}@example.com`, firstName: 'Aaliyah', lastName: 'Okafor-Lindqvist' }))).status !== 201) {
      throw new Error('Registering the buyer failed');
    }
    const { tracks } = (await buyer.json<{ tracks: Listed[] }>('GET', '/tracks?take=50')).body;
    const beats = tracks.filter((track) => track.productType === 'track' && !track.isSold).slice(-2);
    const { tracks: packs } = (await buyer.json<{ tracks: Listed[] }>('GET', '/tracks?category=all&take=50&samplestype=royaltyfreesamples')).body;
    const pack = packs.find((track) => track.productType === 'samplepack');
    for (const product of [...beats, ...(pack ? [pack] : [])]) {
      const added = await buyer.json('POST', '/ecommerce/cart', { product: product.id, includeProjectFile: false });
      if (added.status !== 200) throw new Error(`Adding ${product.name} to the cart was answered ${added.status}`);
    }
    const paid = await buyer.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    if (paid.body.status !== 'paid') throw new Error(`The screenshots' order is ${paid.body.status}`);
    // The masters and the contracts are the jobs' work: wait until the page has nothing being prepared.
    for (let attempt = 0; attempt < 120; attempt++) {
      const { orders } = (await buyer.json<Purchases>('GET', '/account/orders')).body;
      const ready = orders.every((order) => order.files.every((file) => file.state !== 'preparing') && order.items.every((item) => !item.contract || item.contract.url));
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    const pageAt = async (viewport: Viewport, cookies: Map<string, string>) => {
      const page = await visit('/', viewport);
      await page.setCookie(...[...cookies].map(([name, value]) => ({ name, value, url: server.baseUrl })));
      await page.goto(`${server.baseUrl}/dashboard/purchases`, { waitUntil: 'load' });
      await waitForHydration(page);
      return page;
    };
    for (const [label, viewport] of REVIEW_WIDTHS) {
      await shoot(await pageAt(viewport, buyer.cookies), `dashboard-purchases-${label}`, true);
    }
    const newcomer = new ApiBrowser(server.baseUrl);
    await newcomer.json('POST', '/auth/register', registration({ email: `shots.newcomer.${runId}@example.com` }));
    const [, phone] = REVIEW_WIDTHS.at(-1)!;
    await shoot(await pageAt(phone, newcomer.cookies), 'dashboard-purchases-empty', false);
  };
}
