import { paidPackOrder } from '../e2e/helpers/adminFixtures';
import { staffAccount } from '../e2e/helpers/moderationFixtures';
import { button, DESKTOP } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';

/**
 * The admin back office (issue 15): the four lists, a search, a refused search, an order's
 * detail with the refund's confirmation and after it, a buyer's and a track's detail, each at
 * 1280 and 375 px.
 */
export function adminJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = Date.now();
    const email = `shots.admin.${runId}@example.com`;
    await staffAccount(server, email, 'admin');
    const buyerEmail = `shots.rosa.${runId}@example.com`;
    const { order } = await paidPackOrder(server.baseUrl, buyerEmail);

    const page = await visit('/?login=true', DESKTOP);
    await logInOnPage(page, email);
    const open = (path: string) => openPage(page, server.baseUrl, path);
    const shootBoth = shooterAtBothWidths(shoot, 'admin');
    const bothWidths = (name: string) => shootBoth(page, name);

    await open('/admin/orders');
    await bothWidths('orders');
    await open(`/admin/orders?q=${encodeURIComponent(buyerEmail)}`);
    await bothWidths('orders-found');
    await open('/admin/orders?from=2026-02-30');
    await bothWidths('orders-refused');
    await open(`/admin/orders/${order.id}`);
    await button(page, 'Refund order').click();
    await bothWidths('order-confirm');
    await button(page, 'Yes, refund').click();
    await page.locator('::-p-text(Revoked (refunded))').wait();
    await bothWidths('order-refunded');
    await open('/admin/buyers');
    await bothWidths('buyers');
    await page.locator('.admin-table a').click();
    await page.locator('main h2').wait();
    await bothWidths('buyer');
    await open('/admin/producers');
    await bothWidths('producers');
    await open('/admin/tracks');
    await bothWidths('tracks');
    await page.locator('.admin-table a').click();
    await page.locator('.admin-detail--track').wait();
    await bothWidths('track');
  };
}
