import type { NewEvent } from '../../eventStore/eventStore';

/**
 * What a producer states publicly when asking to sell: the name on their tracks and their page
 * address. The personal details a moderator checks (legal name, birth date, address) are kept out
 * of the event, in `identity_details`, so that erasing an account can delete them (events stay).
 */
export interface VerificationRequest {
  userId: number;
  artistName: string;
  shortName: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export type IdentityVerificationSubmitted = NewEvent<'IdentityVerificationSubmitted', VerificationRequest>;
/** The moderator's approval; `producerId` is the profile the producer sells under from now on. */
export type IdentityVerified = NewEvent<'IdentityVerified', { userId: number; producerId: number; by: number }>;
export type IdentityVerificationRejected = NewEvent<'IdentityVerificationRejected', { userId: number; reason: string; by: number }>;
export type VerificationEvent = IdentityVerificationSubmitted | IdentityVerified | IdentityVerificationRejected;

export const verificationStreamId = (userId: number) => `verification-${userId}`;
