import { ApiBrowser, registration } from '../helpers/accountClient';
import { startWebhookReceiver } from '../helpers/webhookReceiver';
import { staffAccount } from '../e2e/helpers/moderationFixtures';
import { button, DESKTOP, field } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';

/** A receiver nobody listens on: its webhook fails, so the shots show a failing one and its log. */
const REFUSING_RECEIVER = 'http://127.0.0.1:9/hooks/beatcrate';

/**
 * `Analytics keys and webhooks` (issue 13), each at 1280 and 375 px: the empty page, a key just
 * made (shown once), a webhook's secret just shown, the lists with a delivered and a failing
 * webhook, each one's delivery log, and a revocation's confirmation.
 */
export function analyticsConsoleJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = Date.now();
    const email = `shots.keys.${runId}@example.com`;
    const admin = await staffAccount(server, email, 'admin');
    const receiver = await startWebhookReceiver();
    try {
      const page = await visit('/?login=true', DESKTOP);
      await logInOnPage(page, email);
      const shootBoth = shooterAtBothWidths(shoot, 'analytics-console');
      // From the top: a whole-page shot of a scrolled page draws the sticky header mid-page.
      const bothWidths = async (name: string) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await shootBoth(page, name);
      };
      await openPage(page, server.baseUrl, '/admin/analytics');
      await bothWidths('page');

      await (await field(page, 'Name (who uses it, at most 100 characters)')).type('Warehouse loader');
      await page.locator('form[aria-label="New API key"] ::-p-text(Manage webhooks)').click();
      await button(page, 'Create key').click();
      await page.locator('::-p-text(Copy it now: you will not see it again.)').wait();
      await bothWidths('key-shown');
      await button(page, 'I have stored it').click();

      for (const url of [receiver.url, REFUSING_RECEIVER]) {
        await (await field(page, 'Receiver URL (https://)')).type(url);
        await page.locator('::-p-aria([name="Order Completed"][role="checkbox"])').click();
        await page.locator('::-p-aria([name="Signed Up"][role="checkbox"])').click();
        await button(page, 'Register webhook').click();
        await page.locator('::-p-aria([name="The new webhook’s signing secret"][role="region"])').wait();
        if (url === receiver.url) await bothWidths('webhook-shown');
        await button(page, 'I have stored it').click();
      }

      const signingUp = new ApiBrowser(server.baseUrl);
      if ((await signingUp.json('POST', '/auth/register', registration({ email: `shots.hooked.${runId}@example.com` }))).status !== 201) throw new Error('could not register');
      const deadline = Date.now() + 30_000;
      while (receiver.posts.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      // The refusing receiver's first attempt is logged by the same run of the job.
      await new Promise((resolve) => setTimeout(resolve, 2_000));

      await openPage(page, server.baseUrl, '/admin/analytics');
      await button(page, `Deliveries to ${receiver.url}`).click();
      await page.locator('::-p-text(HTTP 200)').wait();
      await bothWidths('deliveries');
      await button(page, `Deliveries to ${REFUSING_RECEIVER}`).click();
      await page.locator('::-p-text(Connection refused)').wait();
      await bothWidths('deliveries-failing');
      await button(page, 'Revoke Warehouse loader').click();
      await bothWidths('revoke-confirm');
    } finally {
      // The server goes on running other journeys: it is not left trying receivers that are gone.
      const { body } = await admin.json<{ webhooks: { id: number; url: string }[] }>('GET', '/admin/analytics/webhooks');
      for (const webhook of body.webhooks) await admin.call('DELETE', `/admin/analytics/webhooks/${webhook.id}`);
      await receiver.close();
    }
  };
}
