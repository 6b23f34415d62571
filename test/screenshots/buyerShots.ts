import type { Order } from '../../shared/schemas/order';
import type { TrackList } from '../../shared/schemas/track';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { asShown } from '../helpers/shownTotal';
import { button, DESKTOP, field } from '../e2e/helpers/page';
import { robotCheckPassed } from '../e2e/helpers/robotCheck';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';

/**
 * The buyer's dashboard pages (issue 15) with something on each: a paid order, two followed
 * producers with new beats, a wishlist with a sold beat; then Dashboard, Following, Wishlist (an
 * entry playing in the player bar) and Support (an order picked, and sent) at 1280 and 375 px.
 */
export function buyerJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const email = `shots.buyer.${Date.now()}@example.com`;
    const api = new ApiBrowser(server.baseUrl);
    await api.json('POST', '/auth/register', registration({ email, firstName: 'Jordan', lastName: 'Reyes' }));
    const { tracks } = (await api.json<TrackList>('GET', '/tracks?category=all&take=60')).body;
    const beats = tracks.filter((track) => track.productType === 'track' && !track.isSold);
    const sold = tracks.find((track) => track.isSold);
    const pack = tracks.find((track) => track.productType === 'samplepack')!;
    for (const producerId of new Set(beats.slice(0, 6).map((track) => track.producer.id))) await api.json('POST', `/users/producer/${producerId}/follow`);
    for (const track of [...(sold ? [sold] : []), pack, ...beats.slice(0, 2)]) await api.json('POST', `/wishlist/${track.id}`);
    await api.json('POST', '/ecommerce/cart', { product: pack.id, includeProjectFile: false });
    const paid = await api.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(api, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));

    const page = await visit('/?login=true', DESKTOP);
    await logInOnPage(page, email);
    const open = (path: string) => openPage(page, server.baseUrl, path);
    const shootBoth = shooterAtBothWidths(shoot, 'buyer');
    const bothWidths = (name: string) => shootBoth(page, name);

    await open('/dashboard');
    await bothWidths('dashboard');
    await open('/dashboard/following');
    await bothWidths('following');
    await open('/dashboard/wishlist');
    await button(page, `Play ${beats[1]!.name}`).click();
    await page.waitForFunction(() => document.querySelector('section[aria-label="Player"][aria-busy="false"]') !== null, { timeout: 15_000 });
    await bothWidths('wishlist');
    await open('/dashboard/support');
    await (await field(page, 'Order (optional)')).select(paid.body.id);
    await bothWidths('support');
    await (await field(page, 'Subject')).type('My sample pack');
    await (await field(page, 'Message')).type('The download of my sample pack stopped halfway.');
    await robotCheckPassed(page, 'form[aria-label="Contact form"]');
    await button(page, 'Send message').click();
    await page.locator('::-p-text(Thank you! Your message has been sent.)').wait();
    await bothWidths('support-sent');
  };
}
