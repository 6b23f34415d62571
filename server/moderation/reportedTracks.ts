import type { ReportedTrack } from '../../shared/schemas/moderation';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { reportDecider } from '../domain/report/reportDecider';
import { reportStreamId } from '../domain/report/reportEvents';
import { HttpError } from '../http/endpoint';
import { deliverMail } from '../mail/mailer';
import { trackTakenDownMail } from '../mail/moderationMails';

export async function openReports(deps: AppDeps): Promise<ReportedTrack[]> {
  const rows = await deps.database.query
    .selectFrom('track_reports as report')
    .leftJoin('catalogue_products as product', 'product.id', 'report.product_id')
    .leftJoin('catalogue_producers as producer', 'producer.id', 'product.producer_id')
    .select(['report.id', 'report.product_id', 'report.reason', 'report.details', 'report.created_at', 'product.name', 'producer.artist_name'])
    .where('report.status', '=', 'open')
    .orderBy('report.created_at')
    .orderBy('report.id')
    .execute();
  return rows.map((row) => ({
    reportId: Number(row.id),
    productId: Number(row.product_id),
    productName: row.name ?? null,
    producerName: row.artist_name ?? null,
    listed: row.name !== null && row.name !== undefined,
    reason: row.reason,
    details: row.details,
    reportedAt: new Date(Number(row.created_at)).toISOString(),
  }));
}

/** The account a producer sells from, when they have one (the demo shop's producers do not). */
async function producerEmail(deps: AppDeps, producerId: number): Promise<string | null> {
  const row = await deps.database.query
    .selectFrom('producer_verifications as verification')
    .innerJoin('users', 'users.id', 'verification.user_id')
    .select('users.email')
    .where('verification.producer_id', '=', producerId)
    .where('verification.status', '=', 'verified')
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * A moderator's decision on a report. Upheld, the beat leaves the shop (ProductDelisted) and its
 * producer gets a mail saying why; the decision is the report's event, naming the moderator. The
 * report and the product are two streams: upholding again after a crash between them takes the
 * beat down without deciding (or mailing) twice.
 */
export async function decideReport(deps: AppDeps, reportId: number, verdict: 'uphold' | 'dismiss', note: string, moderatorId: number): Promise<void> {
  const report = await deps.database.query.selectFrom('track_reports').select(['product_id']).where('id', '=', reportId).executeTakeFirst();
  if (!report) throw new HttpError(404, `Report ${reportId} not found`);
  const productId = Number(report.product_id);
  const listing = await deps.database.query.selectFrom('catalogue_products').select(['name', 'producer_id']).where('id', '=', productId).executeTakeFirst();
  const current = (await aggregateStream(deps.eventStore, reportStreamId(reportId), reportDecider)).state;
  const repeatedUphold = verdict === 'uphold' && current.status === 'upheld';
  let last = 0;
  if (!repeatedUphold) {
    const command = { type: verdict === 'uphold' ? ('UpholdReport' as const) : ('DismissReport' as const), decision: { reportId, productId, by: moderatorId, note } };
    const decided = await handleCommand(deps.eventStore, reportStreamId(reportId), reportDecider, command);
    last = decided.position;
  }
  if (verdict === 'uphold') {
    try {
      const delisted = await handleCommand(deps.eventStore, productStreamId(productId), productDecider, { type: 'DelistProduct', productId });
      last = Math.max(last, delisted.position);
    } catch (error) {
      // A product that is no longer for sale has nothing to take down.
      if (!(error instanceof DomainError && error.statusCode === 404)) throw error;
    }
    const to = listing && !repeatedUphold ? await producerEmail(deps, Number(listing.producer_id)) : null;
    if (to && listing) await deliverMail(deps, trackTakenDownMail(to, listing.name, note.trim()));
  }
  await deps.projector.waitFor(last);
}
