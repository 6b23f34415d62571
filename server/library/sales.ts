import type { Sale } from '../../shared/schemas/library';
import type { AppDeps } from '../appDeps';
import { producerIdOf } from '../producers/producerOfAccount';
import { contractPdfPath } from './contractLinks';

/** The producer's sold beats with their contracts, newest first; names of the beats, never the buyers' details. */
export async function salesOf(deps: AppDeps, userId: number): Promise<Sale[]> {
  const producerId = await producerIdOf(deps, userId);
  if (producerId === null) return [];
  const rows = await deps.database.query
    .selectFrom('licence_contracts')
    .innerJoin('commerce_orders', 'commerce_orders.order_id', 'licence_contracts.order_id')
    .select(['licence_contracts.contract_id', 'licence_contracts.product_id', 'licence_contracts.beat_name', 'licence_contracts.price_cents', 'licence_contracts.sold_at', 'commerce_orders.status'])
    .where('licence_contracts.producer_id', '=', producerId)
    .orderBy('licence_contracts.sold_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    contractId: row.contract_id,
    productId: Number(row.product_id),
    beatName: row.beat_name,
    priceCents: Number(row.price_cents),
    soldAt: new Date(Number(row.sold_at)).toISOString(),
    refunded: row.status === 'refunded',
    url: contractPdfPath(row.contract_id),
  }));
}
