import type { NewEvent } from '../../eventStore/eventStore';

/** A producer's public profile: the producer page and the label on their tracks. */
export interface ProducerProfile {
  producerId: number;
  artistName: string;
  /** Short name used as the page address /{shortName}: 3–50 characters, a letter, no uppercase or spaces. */
  shortName: string;
  avatarSrc: string | null;
}

export type ProducerProfileCreated = NewEvent<'ProducerProfileCreated', ProducerProfile>;
/** The producer changed their artist name or picture in Account settings; the page address stays. */
export type ProducerProfileChanged = NewEvent<'ProducerProfileChanged', { producerId: number; artistName: string; avatarSrc: string | null }>;
export type ProducerEvent = ProducerProfileCreated | ProducerProfileChanged;

/**
 * Follows live in one stream per follower, not per producer: a popular producer's stream would
 * otherwise grow with every fan and every follow would contend on it.
 */
export type ProducerFollowed = NewEvent<'ProducerFollowed', { userId: number; producerId: number }>;
export type ProducerUnfollowed = NewEvent<'ProducerUnfollowed', { userId: number; producerId: number }>;
export type FollowEvent = ProducerFollowed | ProducerUnfollowed;

export const producerStreamId = (producerId: number) => `producer-${producerId}`;
export const followsStreamId = (userId: number) => `follows-${userId}`;
