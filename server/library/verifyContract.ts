import { timingSafeEqual } from 'node:crypto';
import type { ContractVerdict } from '../../shared/schemas/library';
import type { AppDeps } from '../appDeps';

export const CONTRACT_GENUINE = 'This contract was issued by Beatcrate and has not been changed since.';
export const CONTRACT_REFUNDED = 'The sale it records was refunded afterwards, so it no longer transfers the copyright.';
export const CONTRACT_NOT_GENUINE = 'Beatcrate issued no contract with this id and hash: the id is unknown, or the document was changed.';

/**
 * The public check of a contract's id and hash. It tells whether they match what was issued, and
 * then shows what the contract is about (beat, producer, date); never who bought it.
 */
export async function verifyContract(deps: AppDeps, contractId: string, hash: string): Promise<ContractVerdict> {
  const row = await deps.database.query
    .selectFrom('licence_contracts')
    .leftJoin('commerce_orders', 'commerce_orders.order_id', 'licence_contracts.order_id')
    .select(['licence_contracts.contract_id', 'licence_contracts.content_hash', 'licence_contracts.beat_name', 'licence_contracts.producer_name', 'licence_contracts.sold_at', 'commerce_orders.status'])
    .where('licence_contracts.contract_id', '=', contractId)
    .executeTakeFirst();
  const genuine = row !== undefined && timingSafeEqual(Buffer.from(row.content_hash, 'utf8'), Buffer.from(hash, 'utf8'));
  if (!row || !genuine) return { genuine: false, message: CONTRACT_NOT_GENUINE, contract: null };
  const refunded = row.status === 'refunded';
  return {
    genuine: true,
    message: refunded ? `${CONTRACT_GENUINE} ${CONTRACT_REFUNDED}` : CONTRACT_GENUINE,
    contract: { contractId: row.contract_id, beatName: row.beat_name, producerName: row.producer_name, soldAt: new Date(Number(row.sold_at)).toISOString(), refunded },
  };
}
