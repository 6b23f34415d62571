import type { AppDeps } from '../appDeps';
import { loadAccount } from '../auth/userRecords';
import { deliverMail } from '../mail/mailer';
import { orderRefundedMail } from '../mail/orderMails';
import { readOrder } from './orders';

/** A sender holds a due refund mail this long; one that dies leaves it to the job after that. */
export const REFUND_MAIL_CLAIM_MS = 60_000;

/**
 * Sends a refunded order's mail if it is still due. The row is claimed first, so two admins
 * pressing Refund at once (or a request and the job) send it once; a send that fails frees the
 * claim for the job's next run.
 */
export async function sendRefundMailIfDue(deps: AppDeps, orderId: string): Promise<void> {
  const now = deps.clock.now().getTime();
  const claimed = await deps.database.transaction((tx) =>
    tx
      .updateTable('commerce_refund_mail_queue')
      .set({ claimed_until: now + REFUND_MAIL_CLAIM_MS })
      .where('order_id', '=', orderId)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst(),
  );
  if (Number(claimed.numUpdatedRows) !== 1) return;
  const order = await readOrder(deps, orderId);
  const account = order.status === 'none' ? null : await loadAccount(deps, order.placement.userId);
  if (order.status !== 'none' && account) {
    const sent = await deliverMail(deps, orderRefundedMail(account.user.email, { id: orderId, total: order.placement.totalCents / 100 }));
    if (!sent) {
      await deps.database.transaction((tx) => tx.updateTable('commerce_refund_mail_queue').set({ claimed_until: null }).where('order_id', '=', orderId).execute());
      return;
    }
  }
  await deps.database.transaction((tx) => tx.deleteFrom('commerce_refund_mail_queue').where('order_id', '=', orderId).execute());
}

/** The job: refund mails nobody sent (the refunding process died, SMTP refused), oldest first. */
export async function sendDueRefundMails(deps: AppDeps): Promise<void> {
  await deps.projector.catchUp();
  const due = await deps.database.query
    .selectFrom('commerce_refund_mail_queue')
    .select('order_id')
    .where('queued_at', '<', deps.clock.now().getTime() - REFUND_MAIL_CLAIM_MS)
    .orderBy('queued_at')
    .limit(200)
    .execute();
  for (const { order_id } of due) await sendRefundMailIfDue(deps, order_id);
}
