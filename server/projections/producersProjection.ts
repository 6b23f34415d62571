import { producerAndFollowEventCodec } from '../domain/producer/producerEventCodecs';
import { defineProjection } from './projection';

/** Producer profiles, who follows whom, and each producer's follower count. */
export const producersProjection = defineProjection({
  name: 'producers',
  codec: producerAndFollowEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      switch (event.type) {
        case 'ProducerProfileCreated': {
          const profile = event.data;
          await tx
            .insertInto('catalogue_producers')
            .values({ id: profile.producerId, artist_name: profile.artistName, short_name: profile.shortName, avatar_src: profile.avatarSrc, followers: 0 })
            .execute();
          break;
        }
        case 'ProducerProfileChanged':
          await tx
            .updateTable('catalogue_producers')
            .set({ artist_name: event.data.artistName, avatar_src: event.data.avatarSrc })
            .where('id', '=', event.data.producerId)
            .execute();
          break;
        case 'ProducerFollowed':
          await tx.insertInto('producer_follows').values({ producer_id: event.data.producerId, user_id: event.data.userId }).execute();
          await tx
            .updateTable('catalogue_producers')
            .set((eb) => ({ followers: eb('followers', '+', 1) }))
            .where('id', '=', event.data.producerId)
            .execute();
          break;
        case 'ProducerUnfollowed':
          await tx.deleteFrom('producer_follows').where('producer_id', '=', event.data.producerId).where('user_id', '=', event.data.userId).execute();
          await tx
            .updateTable('catalogue_producers')
            .set((eb) => ({ followers: eb('followers', '-', 1) }))
            .where('id', '=', event.data.producerId)
            .execute();
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`producers projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
});
