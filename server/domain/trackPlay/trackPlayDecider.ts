import type { Decider } from '../decider';
import type { TrackPlayEvent } from './trackPlayEvents';
import { trackPlayEventCodec } from './trackPlayEventCodec';

/** One listener counts once per track per minute: a replay button held down is not an audience. */
export const PLAY_COUNT_WINDOW_MS = 60_000;

/** When this listener's last counted play of the track started; null before the first. */
export type TrackPlayState = { lastPlayedAt: string | null };

export type RecordPlay = { type: 'RecordPlay'; productId: number; listener: string; at: Date };

export const trackPlayDecider: Decider<TrackPlayState, RecordPlay, TrackPlayEvent> = {
  initialState: () => ({ lastPlayedAt: null }),
  codec: trackPlayEventCodec,
  decide(command, state) {
    if (state.lastPlayedAt !== null && command.at.getTime() - Date.parse(state.lastPlayedAt) < PLAY_COUNT_WINDOW_MS) return [];
    return [
      {
        type: 'TrackPlayed',
        data: { productId: command.productId, listener: command.listener, playedAt: command.at.toISOString() },
      },
    ];
  },
  evolve(_state, event) {
    return { lastPlayedAt: event.data.playedAt };
  },
};
