import type { Transaction } from 'kysely';
import { array, boolean, enums, integer, nullable, number, object, string, type Infer } from 'superstruct';
import { lineEarning } from '../../shared/domain/earnings/lineEarnings';
import { CouponSchema } from '../../shared/schemas/cart';
import type { Tables } from '../db/schema';
import { orderEventCodec } from '../domain/order/orderEventCodec';
import { ORDER_LINE_TYPES, orderIdOfStream, type OrderPlacement } from '../domain/order/orderEvents';
import { payoutEventCodec } from '../domain/payout/payoutEventCodec';
import { decodeStored } from '../db/storedJson';
import { STORE_PRODUCER } from '../seed/demoCatalogue';
import { defineProjection } from './projection';

/** Lines that earn a producer money: beats and sample packs. The EDM contacts list and the PRO membership are the shop's own. */
const PRODUCERS_GOODS: ReadonlySet<string> = new Set(['track', 'samplepack']);

/** A custom order earns its producer when it is their own offer; the shop's sound services are the shop's. */
const earnsProducer = (line: { productType: string; producerId: number }) =>
  PRODUCERS_GOODS.has(line.productType) || (line.productType === 'customservice' && line.producerId !== STORE_PRODUCER.producerId);

const StoredPlacementSchema = object({
  coupon: nullable(CouponSchema),
  lines: array(object({ productId: integer(), producerId: integer(), name: string(), productType: enums(ORDER_LINE_TYPES), includeProjectFile: boolean(), priceCents: integer() })),
  commissionPercent: nullable(number()),
});
type StoredPlacement = Infer<typeof StoredPlacementSchema>;

export const monthOf = (at: number) => new Date(at).toISOString().slice(0, 7);

async function storedPlacement(tx: Transaction<Tables>, orderId: string): Promise<StoredPlacement | null> {
  const row = await tx.selectFrom('ledger_orders').select('placement').where('order_id', '=', orderId).executeTakeFirst();
  return row ? decodeStored(row.placement, StoredPlacementSchema, `ledger_orders ${orderId}`) : null;
}

async function bookSale(tx: Transaction<Tables>, orderId: string, placement: StoredPlacement, at: number, commissionPercent: number): Promise<void> {
  for (const line of placement.lines) {
    if (!earnsProducer(line)) continue;
    const earning = lineEarning(line, placement.coupon, commissionPercent);
    await tx
      .insertInto('producer_ledger')
      .values({
        entry_key: `sale:${orderId}:${line.productId}`,
        producer_id: line.producerId,
        kind: 'sale',
        order_id: orderId,
        product_id: line.productId,
        description: line.name,
        at,
        month: monthOf(at),
        price_cents: earning.priceCents,
        discount_cents: earning.discountCents,
        commission_cents: earning.commissionCents,
        net_cents: earning.netCents,
      })
      .onConflict((conflict) => conflict.column('entry_key').doNothing())
      .execute();
  }
  // The commission the sale was booked at stays with the order, so its refund gives back exactly that.
  await tx.updateTable('ledger_orders').set({ placement: JSON.stringify({ ...placement, commissionPercent }) }).where('order_id', '=', orderId).execute();
}

/** A refund reverses every booked line of the order, at the amounts it was booked with. */
async function bookRefund(tx: Transaction<Tables>, orderId: string, at: number): Promise<void> {
  const sales = await tx.selectFrom('producer_ledger').selectAll().where('order_id', '=', orderId).where('kind', '=', 'sale').execute();
  for (const sale of sales) {
    await tx
      .insertInto('producer_ledger')
      .values({
        entry_key: `refund:${orderId}:${sale.product_id}`,
        producer_id: Number(sale.producer_id),
        kind: 'refund',
        order_id: orderId,
        product_id: sale.product_id === null ? null : Number(sale.product_id),
        description: sale.description,
        at,
        month: monthOf(at),
        price_cents: -sale.price_cents,
        discount_cents: -sale.discount_cents,
        commission_cents: -sale.commission_cents,
        net_cents: -sale.net_cents,
      })
      .onConflict((conflict) => conflict.column('entry_key').doNothing())
      .execute();
  }
}

/**
 * The producers' earnings from order events: each paid line books the price, the line's coupon
 * share, the shop's commission and the net (shared/domain/earnings/lineEarnings.ts); a refund
 * reverses the order's lines. The commission is SHOP_COMMISSION_PERCENTAGE when the sale is
 * booked, so changing it moves only later sales (a rebuild of the read model would rebook old
 * sales at the rate of the day: keep the rate fixed, or record it on the order before changing it).
 */
export const ledgerSalesProjection = (commissionPercent: number) =>
  defineProjection({
    name: 'ledger-sales',
    codec: orderEventCodec,
    types: ['OrderPlaced', 'PaymentSucceeded', 'PaymentFailed', 'OrderCancelled', 'OrderRefunded'],
    async apply(tx, events) {
      for (const event of events) {
        const orderId = orderIdOfStream(event.streamId);
        switch (event.type) {
          case 'OrderPlaced': {
            const { coupon, lines }: OrderPlacement = event.data;
            await tx
              .insertInto('ledger_orders')
              .values({ order_id: orderId, placement: JSON.stringify({ coupon, lines, commissionPercent: null }) })
              .onConflict((conflict) => conflict.column('order_id').doNothing())
              .execute();
            break;
          }
          case 'PaymentSucceeded': {
            const placement = await storedPlacement(tx, orderId);
            if (placement && placement.commissionPercent === null) await bookSale(tx, orderId, placement, Date.parse(event.data.paidAt), commissionPercent);
            break;
          }
          case 'PaymentFailed':
          case 'OrderCancelled':
            // Nothing to book, ever: the order's lines are no longer needed.
            await tx.deleteFrom('ledger_orders').where('order_id', '=', orderId).execute();
            break;
          case 'OrderRefunded':
            await bookRefund(tx, orderId, Date.parse(event.recordedAt));
            break;
          default:
            break;
        }
      }
    },
  });

/** Payouts an admin marked sent leave the producer's balance. */
export const ledgerPayoutsProjection = defineProjection({
  name: 'ledger-payouts',
  codec: payoutEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      const payout = event.data;
      const at = Date.parse(payout.sentAt);
      await tx
        .insertInto('producer_ledger')
        .values({
          entry_key: `payout:${payout.producerId}:${payout.payoutId}`,
          producer_id: payout.producerId,
          kind: 'payout',
          order_id: null,
          product_id: null,
          description: payout.reference,
          at,
          month: monthOf(at),
          price_cents: 0,
          discount_cents: 0,
          commission_cents: 0,
          net_cents: -payout.amountCents,
        })
        .onConflict((conflict) => conflict.column('entry_key').doNothing())
        .execute();
    }
  },
});
