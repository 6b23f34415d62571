import type { TrackPlayEvent } from '../domain/trackPlay/trackPlayEvents';
import { TRACK_PLAY_EVENT_TYPES } from '../domain/trackPlay/trackPlayEvents';
import type { Projection } from './projection';

/** Plays counted per track. */
export const trackPlaysProjection: Projection = {
  name: 'track-plays',
  types: TRACK_PLAY_EVENT_TYPES,
  async apply(tx, events) {
    for (const recorded of events) {
      const event = recorded as unknown as TrackPlayEvent;
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
};
