import { integer, object, string } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { TrackPlayEvent } from './trackPlayEvents';

export const trackPlayEventCodec = eventCodec<TrackPlayEvent>({
  TrackPlayed: object({ productId: integer(), listener: string(), playedAt: string() }),
});
