import type { NewEvent } from '../../eventStore/eventStore';

/**
 * A listener started a track's preview. `listener` is a pseudonym (the user id, or a hash of a
 * guest's address), never the address itself.
 */
export type TrackPlayed = NewEvent<'TrackPlayed', { productId: number; listener: string; playedAt: string }>;
export type TrackPlayEvent = TrackPlayed;

/**
 * One stream per track and listener: plays never contend with the product's own stream, nor
 * with other listeners of a popular track, and the stream to read stays one listener's short history.
 */
export const trackPlaysStreamId = (productId: number, listener: string) => `track-plays-${productId}-${listener}`;
