import { trackPlayEventCodec } from '../domain/trackPlay/trackPlayEventCodec';
import { defineProjection } from './projection';

/** Plays counted per track. */
export const trackPlaysProjection = defineProjection({
  name: 'track-plays',
  codec: trackPlayEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      switch (event.type) {
        case 'TrackPlayed':
          await tx
            .insertInto('track_plays')
            .values({ product_id: event.data.productId, plays: 1 })
            .onConflict((conflict) => conflict.column('product_id').doUpdateSet((eb) => ({ plays: eb('track_plays.plays', '+', 1) })))
            .execute();
          break;
        default: {
          const unknownEvent: never = event.type;
          throw new Error(`track-plays projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
});
