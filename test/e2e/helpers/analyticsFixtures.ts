import type { ProducerReport, ShopReport } from '../../../shared/schemas/analyticsReports';
import type { Order } from '../../../shared/schemas/order';
import { ApiBrowser, registration } from '../../helpers/accountClient';
import { asShown } from '../../helpers/shownTotal';
import { demoBeatMedia, processedUpload, producerAskingVerification, staffAccount } from './moderationFixtures';
import type { ServerHandle } from './server';
import { eventually } from '../../helpers/eventually';

/** How often the tabs' job runs, and a little more: a report read twice this far apart without change is whole. */
const BROWSER_JOB_MS = 2_500;

/**
 * The admin's report once every browser tab of the demo month is read into the stream (their job
 * runs every couple of seconds, and commits tab by tab): every step of the funnel has people, and
 * the report no longer changes between two runs of the job.
 */
export async function shopReportOnceDerived(admin: ApiBrowser): Promise<ShopReport> {
  let previous = '';
  return eventually(
    async () => {
      const report = (await admin.json<ShopReport>('GET', '/admin/analytics/report')).body;
      const settled = JSON.stringify(report) === previous;
      previous = JSON.stringify(report);
      if (!settled) await new Promise((resolve) => setTimeout(resolve, BROWSER_JOB_MS));
      return { report, settled };
    },
    ({ report, settled }) => settled && report.funnel.every((step) => step.people > 0),
    'The demo month in the admin report',
  ).then(({ report }) => report);
}

/**
 * A producer with figures of their own, made the ways the product makes them: verified by a
 * moderator, a beat processed and approved, then played and bought by a buyer over the API.
 */
export async function producerWithASale(server: ServerHandle, runId: string): Promise<{ producer: ApiBrowser; beat: { id: number; name: string } }> {
  const moderator = await staffAccount(server, `reports.moderator.${runId}@example.com`, 'moderator');
  const slug = `reportmaker${runId}`;
  const { api: producer, userId } = await producerAskingVerification(server.baseUrl, `reports.producer.${runId}@example.com`, {
    artistName: 'Report Maker',
    shortName: slug,
    legalName: 'Rhea Porter',
    dateOfBirth: '1991-04-02',
    address: '1 Main Street, Berlin',
    country: 'Germany',
  });
  const { producerId } = (await moderator.json<{ producerId: number }>('POST', `/moderation/producers/${userId}/approve`)).body;
  const beat = { id: 0, name: 'Report Card Anthem' };
  beat.id = await processedUpload(server.databaseUrl, { producerId, name: beat.name, ...(await demoBeatMedia(server.baseUrl)) });
  if ((await moderator.json('POST', `/moderation/tracks/${beat.id}/approve`)).status !== 200) throw new Error('the beat was not approved');

  const buyer = new ApiBrowser(server.baseUrl);
  if ((await buyer.json('POST', '/auth/register', registration({ email: `reports.buyer.${runId}@example.com` }))).status !== 201) throw new Error('the buyer could not register');
  if ((await buyer.call('POST', `/tracks/${beat.id}/play`)).status !== 200) throw new Error('the play was not recorded');
  if ((await buyer.json('POST', '/ecommerce/cart', { product: beat.id, includeProjectFile: false })).status !== 200) throw new Error('the beat could not be added');
  const paid = await buyer.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
  if (paid.body.status !== 'paid') throw new Error(`the order is ${paid.body.status}`);
  await eventually(
    async () => (await producer.json<ProducerReport>('GET', '/producer/analytics/report')).body,
    (report) => report.totals.sales === 1 && report.totals.plays === 1,
    "The producer's sale in their report",
  );
  return { producer, beat };
}
