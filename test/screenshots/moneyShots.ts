import type { Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { asShown } from '../helpers/shownTotal';
import { demoBeatMedia, processedUpload, producerAskingVerification, staffAccount } from '../e2e/helpers/moderationFixtures';
import { button, DESKTOP } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';

/** A buyer of `productIds`, paying by the sandbox Visa, with `coupon`. */
async function buy(baseUrl: string, email: string, productIds: number[], coupon: string | null): Promise<void> {
  const api = new ApiBrowser(baseUrl);
  if ((await api.json('POST', '/auth/register', registration({ email }))).status !== 201) throw new Error(`could not register ${email}`);
  for (const product of productIds) await api.json('POST', '/ecommerce/cart', { product, includeProjectFile: false });
  const paid = await api.json<{ status: string }>('POST', '/ecommerce/orders/stripe', await asShown(api, { stripePaymentMethodId: 'pm_card_visa', coupon }));
  if (paid.body.status !== 'paid') throw new Error(`order of ${email} is ${JSON.stringify(paid.body)}`);
}

/**
 * Issue 15's money pages with something in each: coupons (one used, one expired), a producer who
 * sold two beats (one with her coupon) and got a payout, their statements; each at 1280 and 375 px,
 * the coupon edit form and the payout form open, and the producer's own balance and statements.
 */
export function moneyJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = Date.now();
    const adminEmail = `shots.admin.${runId}@example.com`;
    const admin = await staffAccount(server, adminEmail, 'admin');
    const verifier = await staffAccount(server, `shots.money.verifier.${runId}@example.com`, 'moderator');
    const producerEmail = `shots.lina.${runId}@example.com`;
    const lina = await producerAskingVerification(server.baseUrl, producerEmail, {
      artistName: 'Lina Marsh',
      shortName: `lina${runId}`,
      legalName: 'Lina Marsh',
      dateOfBirth: '1992-04-02',
      address: '12 Harbour Road, Dublin',
      country: 'Ireland',
    });
    const { producerId } = (await verifier.json<{ producerId: number }>('POST', `/moderation/producers/${lina.userId}/approve`)).body;
    const media = await demoBeatMedia(server.baseUrl);
    const beats: number[] = [];
    for (const name of ['Glass Harbour', 'Tidal Memory (Extended Mix)']) {
      const productId = await processedUpload(server.databaseUrl, { producerId, name, ...media });
      await verifier.json('POST', `/moderation/tracks/${productId}/approve`);
      beats.push(productId);
    }
    const today = new Date().toISOString().slice(0, 10);
    const coupon = (body: Record<string, unknown>) => admin.json('POST', '/admin/coupons', { validFrom: today, validUntil: '2099-12-31', usageLimit: null, producerId: null, ...body });
    await coupon({ code: `lina${runId}`.slice(0, 20), producerId, percentage: 30, usageLimit: 50 });
    await coupon({ code: 'spring-sale', percentage: 15 });
    await coupon({ code: 'old-promo', percentage: 10 });
    await admin.json('POST', '/admin/coupons/old-promo/expire');
    await buy(server.baseUrl, `shots.buyer1.${runId}@example.com`, [beats[0]!], `lina${runId}`.slice(0, 20));
    await buy(server.baseUrl, `shots.buyer2.${runId}@example.com`, [beats[1]!], null);
    await admin.json('POST', '/admin/payouts', { payoutId: `shots-payout-${runId}`, producerId, amountCents: 15_000, reference: 'SEPA 2026-11-24 #4471' });

    const loggedIn = async (email: string) => {
      const page = await visit('/?login=true', DESKTOP);
      await logInOnPage(page, email);
      return page;
    };
    const open = (page: Page, path: string) => openPage(page, server.baseUrl, path);
    const bothWidths = shooterAtBothWidths(shoot, 'money');

    const page = await loggedIn(adminEmail);
    await open(page, '/admin/coupons');
    await bothWidths(page, 'coupons');
    await button(page, 'Edit spring-sale').click();
    await bothWidths(page, 'coupons-edit');
    await open(page, '/admin/payouts');
    await bothWidths(page, 'payouts');
    await button(page, 'Mark payout sent to Lina Marsh').click();
    await bothWidths(page, 'payouts-form');
    await open(page, '/admin/statements');
    await bothWidths(page, 'statements');
    await open(page, `/admin/statements/${producerId}/${today.slice(0, 7)}`);
    await bothWidths(page, 'statement');

    // The producer's own view, on the dashboard site.
    const own = await loggedIn(producerEmail);
    await open(own, '/dashboard');
    await own.locator('.money-balance').wait();
    await bothWidths(own, 'producer-home');
    await open(own, '/dashboard/statements');
    await bothWidths(own, 'producer-statements');
  };
}
