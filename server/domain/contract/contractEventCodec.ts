import { integer, object, string } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { ContractEvent } from './contractEvents';

export const contractEventCodec = eventCodec<ContractEvent>({
  LicenceContractIssued: object({
    contractId: string(),
    orderId: string(),
    productId: integer(),
    beatName: string(),
    producerId: integer(),
    producerName: string(),
    buyerUserId: integer(),
    priceCents: integer(),
    soldAt: string(),
    issuedAt: string(),
    contentHash: string(),
    fileKey: string(),
  }),
  LicenceContractReissued: object({ producerName: string(), contentHash: string(), reissuedAt: string() }),
});
