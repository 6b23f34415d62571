import { integer, object, string } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { VerificationEvent } from './verificationEvents';

export const verificationEventCodec = eventCodec<VerificationEvent>({
  IdentityVerificationSubmitted: object({ userId: integer(), artistName: string(), shortName: string(), country: string() }),
  IdentityVerified: object({ userId: integer(), producerId: integer(), by: integer() }),
  IdentityVerificationRejected: object({ userId: integer(), reason: string(), by: integer() }),
});
