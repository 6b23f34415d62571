import { contractEventCodec } from '../domain/contract/contractEventCodec';
import { contractIdOfStream } from '../domain/contract/contractEvents';
import { defineProjection } from './projection';

/** Issued licence contracts, for the buyer's My purchases, the producer's Sales and the public check. */
export const licenceContractsProjection = defineProjection({
  name: 'licence-contracts',
  codec: contractEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      if (event.type === 'LicenceContractReissued') {
        const contractId = contractIdOfStream(event.streamId);
        await tx.updateTable('licence_contracts').set({ producer_name: event.data.producerName, content_hash: event.data.contentHash }).where('contract_id', '=', contractId).execute();
        continue;
      }
      const { data } = event;
      await tx
        .insertInto('licence_contracts')
        .values({
          contract_id: data.contractId,
          order_id: data.orderId,
          product_id: data.productId,
          beat_name: data.beatName,
          producer_id: data.producerId,
          producer_name: data.producerName,
          buyer_user_id: data.buyerUserId,
          price_cents: data.priceCents,
          sold_at: Date.parse(data.soldAt),
          issued_at: Date.parse(data.issuedAt),
          content_hash: data.contentHash,
          file_key: data.fileKey,
        })
        .onConflict((conflict) => conflict.column('contract_id').doNothing())
        .execute();
    }
  },
});
