import type { NewEvent } from '../../eventStore/eventStore';

/** Money the shop sent a producer, recorded by an admin with the transfer's reference. */
export interface Payout {
  /** Made by the admin's form once per submit, so a double submit pays once. */
  payoutId: string;
  producerId: number;
  amountCents: number;
  reference: string;
  sentAt: string;
  by: number;
}

export type PayoutSent = NewEvent<'PayoutSent', Payout>;
export type PayoutEvent = PayoutSent;

/** One stream per producer: the version orders payouts, so two cannot both spend the same balance. */
export const payoutStreamId = (producerId: number) => `payouts-${producerId}`;
