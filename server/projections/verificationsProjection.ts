import { verificationEventCodec } from '../domain/verification/verificationEventCodec';
import { defineProjection } from './projection';

/** Each producer's verification as the studio and the moderators' queue read it. */
export const verificationsProjection = defineProjection({
  name: 'verifications',
  codec: verificationEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      const at = Date.parse(event.recordedAt);
      switch (event.type) {
        case 'IdentityVerificationSubmitted': {
          const { userId, artistName, shortName, country } = event.data;
          const row = { status: 'pending' as const, artist_name: artistName, short_name: shortName, country, reason: null, producer_id: null, submitted_at: at, decided_at: null, decided_by: null };
          await tx
            .insertInto('producer_verifications')
            .values({ user_id: userId, ...row })
            .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
            .execute();
          break;
        }
        case 'IdentityVerified':
          await tx
            .updateTable('producer_verifications')
            .set({ status: 'verified', producer_id: event.data.producerId, decided_at: at, decided_by: event.data.by })
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'IdentityVerificationRejected':
          await tx
            .updateTable('producer_verifications')
            .set({ status: 'rejected', reason: event.data.reason, decided_at: at, decided_by: event.data.by })
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`verifications projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
});
