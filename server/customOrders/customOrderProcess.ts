import { siteHref } from '../../shared/sites/siteLinks';
import type { AppDeps } from '../appDeps';
import { loadAccount } from '../auth/userRecords';
import { readOrder } from '../commerce/orders';
import { refundPaidOrder } from '../commerce/refundOrder';
import type { PlacedCustomOrder } from '../domain/customOrder/customOrderDecider';
import type { CustomOrderEvent } from '../domain/customOrder/customOrderEvents';
import { customOrderStepMail } from '../mail/customOrderMails';
import { reasonOf } from '../logging/logger';
import { deliverMail, type MailMessage } from '../mail/mailer';
import { readCustomOrder, runCustomOrderCommand, sellerName } from './customOrders';

/** The job looks for due work this often: a payment confirmed off the request (3-D Secure, a webhook) shows within it. */
export const CUSTOM_ORDERS_JOB_EVERY_MS = 5_000;

/**
 * Brings a custom order in line with the order that carries its money: paid → waiting for the
 * producer; failed or cancelled → payment failed; declined and still paid → refunded through
 * refundPaidOrder (the one refund path). A refunded order, whoever refunded it (the decline, an
 * admin, the payment path), is recorded by one rule (RecordRefund): it completes a decline and
 * ends any other custom order, so nobody works unpaid. Every step is idempotent, so running it
 * twice (a crash, two servers) changes nothing more.
 */
export async function syncCustomOrder(deps: AppDeps, id: string): Promise<void> {
  const custom = await readCustomOrder(deps, id);
  let order = await readOrder(deps, id);
  if (!custom || order.status === 'none') return;
  if (custom.status === 'declined' && order.status === 'paid') order = await refundPaidOrder(deps, id, `Your custom order was declined: ${custom.declineReason ?? ''}`.trim());
  if (order.status === 'refunded') {
    await runCustomOrderCommand(deps, id, { type: 'RecordRefund', at: deps.clock.now().toISOString(), reason: order.failureReason ?? 'The payment was refunded.' });
    return;
  }
  if (custom.status !== 'awaiting_payment') return;
  if (order.status === 'paid' && order.paidAt) await runCustomOrderCommand(deps, id, { type: 'RecordPayment', paidAt: order.paidAt });
  else if (order.status === 'failed' || order.status === 'cancelled') {
    await runCustomOrderCommand(deps, id, { type: 'RecordPaymentFailure', reason: order.failureReason ?? 'The payment did not go through.' });
  }
}

/** Who hears of the buyer's steps: the producer of an offer, or the shop's admins for a shop service. */
async function sellerAddresses(deps: AppDeps, producerId: number | null): Promise<string[]> {
  if (producerId !== null) {
    const row = await deps.database.query
      .selectFrom('producer_verifications')
      .innerJoin('users', 'users.id', 'producer_verifications.user_id')
      .select('users.email')
      .where('producer_verifications.producer_id', '=', producerId)
      .where('users.blocked', '=', 0)
      .executeTakeFirst();
    return row ? [row.email] : [];
  }
  const rows = await deps.database.query.selectFrom('users').select(['email', 'roles']).where('roles', 'like', '%"admin"%').where('blocked', '=', 0).execute();
  return rows.map((row) => row.email);
}

interface StepMail {
  to: 'buyer' | 'shop';
  subject: string;
  lines: string[];
  link: string;
}

/**
 * Each step in the other party's words: the buyer hears of the seller's steps, the seller of the
 * buyer's; an order ended by its refund is told to both.
 */
function stepMails(order: PlacedCustomOrder, type: CustomOrderEvent['type'], links: { buyer: string; shop: string }, seller: string): StepMail[] {
  const name = `“${order.service.name}”`;
  const toBuyer = (subject: string, ...lines: string[]): StepMail => ({ to: 'buyer', subject, lines, link: links.buyer });
  const toShop = (subject: string, ...lines: string[]): StepMail => ({ to: 'shop', subject, lines, link: links.shop });
  const lastMessage = order.thread.at(-1);
  switch (type) {
    case 'CustomOrderPaid':
      return [toShop(`New custom order: ${order.service.name}`, `A buyer paid for ${name}. Accept or decline it; it is due by ${order.dueAt?.slice(0, 10) ?? ''}.`)];
    case 'CustomOrderAccepted':
      return [toBuyer(`Your custom order ${order.service.name} was accepted`, `Work on your ${name} has started; it is due by ${order.dueAt?.slice(0, 10) ?? ''}.`)];
    case 'CustomOrderDeclined':
      return [toBuyer(`Your custom order ${order.service.name} was declined`, `Your ${name} was declined: ${order.declineReason ?? ''}`, 'The full price goes back to your card.')];
    case 'CustomOrderRefunded':
      return [toBuyer(`Your custom order ${order.service.name} was refunded`, `The price of your ${name} was refunded to your card.`)];
    case 'CustomOrderCancelled':
      return [
        toBuyer(`Your custom order ${order.service.name} was cancelled and refunded`, `Your ${name} was cancelled: ${order.declineReason ?? ''}`, 'The full price goes back to your card.'),
        toShop(
          `Custom order cancelled: ${order.service.name}`,
          `The buyer's payment for ${name} was refunded (${order.declineReason ?? ''}), so the order is closed.`,
          'Stop any work on it: it can no longer be accepted or delivered, and nothing is paid for it.',
        ),
      ];
    case 'CustomOrderDelivered':
      return [toBuyer(`Your custom order ${order.service.name} was delivered`, `The files of your ${name} are ready. Download them, then accept the delivery or ask for a revision.`)];
    case 'CustomOrderRevisionRequested':
      return [toShop(`Revision asked: ${order.service.name}`, `The buyer of ${name} asked for a revision: ${lastMessage?.text ?? ''}`)];
    case 'CustomOrderCompleted':
      return [toShop(`Delivery accepted: ${order.service.name}`, `The buyer accepted the delivery of ${name}. The order is complete.`)];
    case 'CustomOrderMessagePosted': {
      const message = order.thread.filter((item) => item.kind === 'message').at(-1);
      if (!message) return [];
      return [
        message.from === 'buyer'
          ? toShop(`New message on ${order.service.name}`, `The buyer wrote: ${message.text}`)
          : toBuyer(`New message on your ${order.service.name}`, `${seller} wrote: ${message.text}`),
      ];
    }
    default:
      return [];
  }
}

async function sendDueMails(deps: AppDeps, id: string | null): Promise<void> {
  let query = deps.database.query.selectFrom('custom_order_mail_queue').selectAll().orderBy('position').limit(200);
  if (id !== null) query = query.where('custom_order_id', '=', id);
  const due = await query.execute();
  const absolute = (path: string) => (path.startsWith('/') ? `${deps.config.publicUrl}${path}` : path);
  const urls = { dashboardUrl: deps.config.publicUrls.dashboard, adminUrl: deps.config.publicUrls.admin };
  for (const row of due) {
    const order = await readCustomOrder(deps, row.custom_order_id);
    const producerId = order?.service.producerId ?? null;
    // The seller's page of the order: the producer's on the dashboard, the shop's on the admin site.
    const sellerPage = producerId === null ? { site: 'admin' as const, path: `/custom-orders/${row.custom_order_id}` } : { site: 'dashboard' as const, path: `/custom-services/${row.custom_order_id}` };
    const steps = order
      ? stepMails(
          order,
          row.event_type as CustomOrderEvent['type'],
          { buyer: absolute(siteHref({ site: 'dashboard', path: `/services/${order.id}` }, urls)), shop: absolute(siteHref(sellerPage, urls)) },
          await sellerName(deps, producerId),
        )
      : [];
    const mails: MailMessage[] = [];
    for (const step of steps) {
      const buyer = order && step.to === 'buyer' ? await loadAccount(deps, order.buyerId) : null;
      const recipients = step.to === 'buyer' ? (buyer ? [buyer.user.email] : []) : await sellerAddresses(deps, producerId);
      mails.push(...recipients.map((to) => customOrderStepMail(to, step.subject, step.lines, step.link)));
    }
    let sent = true;
    for (const mail of mails) sent = (await deliverMail(deps, mail)) && sent;
    // Not sent: due it stays, and the job's next run tries again (a mail twice is better than none).
    if (!sent) continue;
    await deps.database.transaction((tx) => tx.deleteFrom('custom_order_mail_queue').where('position', '=', row.position).execute());
  }
}

async function syncDue(deps: AppDeps, id: string | null): Promise<void> {
  let query = deps.database.query.selectFrom('custom_order_sync').select('custom_order_id').orderBy('queued_at').limit(200);
  if (id !== null) query = query.where('custom_order_id', '=', id);
  for (const { custom_order_id } of await query.execute()) {
    // Taken off before the work: an event the work itself causes (the refund) queues it again.
    await deps.database.transaction((tx) => tx.deleteFrom('custom_order_sync').where('custom_order_id', '=', custom_order_id).execute());
    try {
      await syncCustomOrder(deps, custom_order_id);
    } catch (error) {
      // Due again: the job's next run retries (a provider that did not answer the refund).
      await deps.database.transaction((tx) =>
        tx
          .insertInto('custom_order_sync')
          .values({ custom_order_id, queued_at: deps.clock.now().getTime() })
          .onConflict((conflict) => conflict.column('custom_order_id').doNothing())
          .execute(),
      );
      throw error;
    }
  }
}

/**
 * What is due for one custom order (its sync, its mails), right after the request that caused
 * it so the buyer sees the result at once; whatever a crash leaves, the job finds in the queues.
 */
export async function processCustomOrder(deps: AppDeps, id: string): Promise<void> {
  try {
    await deps.projector.catchUp();
    await syncDue(deps, id);
    await deps.projector.catchUp();
    await sendDueMails(deps, id);
  } catch (error) {
    // The step itself is recorded; what it made due stays due (a provider that did not answer a
    // refund), and the job's next run does it.
    deps.log.warn({ customOrderId: id, reason: reasonOf(error) }, 'Custom order: due work left to the job');
  }
}

/** The job: every due sync and mail, oldest first. */
export async function runCustomOrderWork(deps: AppDeps): Promise<void> {
  await deps.projector.catchUp();
  await syncDue(deps, null);
  await deps.projector.catchUp();
  await sendDueMails(deps, null);
}
