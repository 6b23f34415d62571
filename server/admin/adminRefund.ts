import type { AdminRefundAnswer } from '../../shared/schemas/adminLists';
import type { AppDeps } from '../appDeps';
import { refundPaidOrder } from '../commerce/refundOrder';
import { processCustomOrder } from '../customOrders/customOrderProcess';
import { sendRefundMailIfDue } from '../commerce/refundMailQueue';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId, sellsOnce } from '../domain/product/productEvents';

export const ADMIN_REFUND_REASON = 'Refunded by the shop';

/**
 * An admin's refund: the money back through the provider (refundPaidOrder, which also ends the
 * downloads), the refunded beats whose files never left the shop for sale again, the buyer's
 * mail, and a custom order it carried ended (customOrderProcess.ts, the rule for every refund). Pressing it twice, or two admins at once, refunds once and mails once; a repeat also
 * finishes what a crash left undone (the relisting, the mail).
 *
 * A beat sells once because its buyer gets its full copyright. Refunded before any file of it was
 * downloaded, nobody holds a copy, so it goes back on sale; once downloaded, the refunded buyer
 * keeps a copy we cannot take back, and selling it again would give the next buyer less than the
 * terms promise, so it stays off sale.
 */
export async function refundOrderByAdmin(deps: AppDeps, orderId: string, adminId: number): Promise<AdminRefundAnswer> {
  const order = await refundPaidOrder(deps, orderId, ADMIN_REFUND_REASON);
  const downloaded = await deps.database.query.selectFrom('commerce_download_log').select('product_id').where('order_id', '=', orderId).distinct().execute();
  const neverDownloaded = order.placement.lines.filter(
    (line) => sellsOnce(line.productType) && !downloaded.some((row) => Number(row.product_id) === line.productId),
  );
  const relisted: number[] = [];
  for (const line of neverDownloaded) {
    const { position, state } = await handleCommand(
      deps.eventStore,
      productStreamId(line.productId),
      productDecider,
      { type: 'RevertSale', productId: line.productId, orderId },
      { metadata: { by: adminId } },
    );
    await deps.projector.waitFor(position);
    if (state.status === 'listed' && state.soldTo === null) relisted.push(line.productId);
  }
  await sendRefundMailIfDue(deps, orderId);
  // A custom order carried by it ends now, so the admin, the buyer and its seller see it at once.
  await processCustomOrder(deps, orderId);
  return { status: order.status, relisted };
}
