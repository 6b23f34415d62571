import type { AppDeps } from '../appDeps';
import { loadAccount } from '../auth/userRecords';
import { deliverMail } from '../mail/mailer';
import { reasonOf } from '../logging/logger';
import { orderPaidMail } from '../mail/orderMails';
import { SERVICES_PATH } from '../../shared/domain/auth/userMenus';
import { siteHref } from '../../shared/sites/siteLinks';
import { mailedDownloadPath, toDownload } from './delivery';
import { orderAnswer, readOrder } from './orders';

const absoluteUrl = (deps: AppDeps, path: string) => (path.startsWith('/') ? `${deps.config.publicUrl}${path}` : path);

/** A mail left due this long was not sent right after its payment (the server died, or SMTP refused it): the job sends it. */
export const ORDER_MAIL_GRACE_MS = 60_000;

/**
 * Sends the download-links mail of a paid order if it is still due, then marks it sent. A crash
 * between the two sends it once more: a mail twice is better than none.
 */
export async function sendOrderMailIfDue(deps: AppDeps, orderId: string): Promise<void> {
  const due = await deps.database.query.selectFrom('commerce_order_mail_queue').select('order_id').where('order_id', '=', orderId).executeTakeFirst();
  if (!due) return;
  const order = await readOrder(deps, orderId);
  const account = order.status === 'none' ? null : await loadAccount(deps, order.placement.userId);
  if (order.status !== 'none' && account) {
    const downloads = order.files.map((file) => toDownload(file, `${deps.config.publicUrl}${mailedDownloadPath(file.token)}`));
    // A custom service's order shares its custom order's id; its page is where the work and its files come.
    const customOrderPage = order.placement.lines.some((line) => line.productType === 'customservice')
      ? absoluteUrl(deps, siteHref({ site: 'dashboard', path: `${SERVICES_PATH}/${orderId}` }, { dashboardUrl: deps.config.publicUrls.dashboard, adminUrl: deps.config.publicUrls.admin }))
      : null;
    // Not sent: due it stays, and the next run of the job tries again.
    if (!(await deliverMail(deps, orderPaidMail(account.user.email, orderAnswer(order), downloads, customOrderPage)))) return;
  }
  await deps.database.transaction((tx) => tx.deleteFrom('commerce_order_mail_queue').where('order_id', '=', orderId).execute());
}

/**
 * Sends paid orders' mails beside the requests that paid, not in them: building and sending a
 * mail took most of a checkout's time under load, and a real SMTP server is slower still. The
 * queue row makes the mail due before the buyer has the answer; this sends it right after, and
 * the job sends what a crash or a refusing SMTP server left.
 */
export class OrderMailSender {
  private readonly inFlight = new Set<Promise<void>>();

  soon(deps: AppDeps, orderId: string): void {
    const sending: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => sendOrderMailIfDue(deps, orderId))
      .catch((error: unknown) => deps.log.warn({ orderId, reason: reasonOf(error) }, 'The mail of the order stays due'))
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Resolves once the mails started so far are sent (or left due); before the database closes. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}

/** The job: every mail due for longer than the grace period, oldest first. */
export async function sendOverdueOrderMails(deps: AppDeps): Promise<void> {
  await deps.projector.catchUp();
  const overdue = await deps.database.query
    .selectFrom('commerce_order_mail_queue')
    .select('order_id')
    .where('queued_at', '<', deps.clock.now().getTime() - ORDER_MAIL_GRACE_MS)
    .orderBy('queued_at')
    .limit(200)
    .execute();
  for (const { order_id } of overdue) await sendOrderMailIfDue(deps, order_id);
}
