import { formatCents } from '../../../shared/domain/money';
import { type Decider, DomainError } from '../decider';
import type { Payout, PayoutEvent } from './payoutEvents';
import { payoutEventCodec } from './payoutEventCodec';

export interface PayoutState {
  payoutIds: string[];
  paidOutCents: number;
}

/**
 * `earnedCents`: what the producer's sales have earned so far, net of commission and refunds (the
 * ledger's read model). The payouts already sent are this stream's own, so a payout decided again
 * after a conflicting one sees it.
 */
export type PayoutCommand = { type: 'SendPayout'; payout: Payout; earnedCents: number };

export const payoutDecider: Decider<PayoutState, PayoutCommand, PayoutEvent> = {
  initialState: () => ({ payoutIds: [], paidOutCents: 0 }),
  codec: payoutEventCodec,
  decide({ payout, earnedCents }, state) {
    if (state.payoutIds.includes(payout.payoutId)) return [];
    const balance = earnedCents - state.paidOutCents;
    if (payout.amountCents > balance) throw new DomainError(`The payout of ${formatCents(payout.amountCents)} is more than the balance of ${formatCents(balance)}`, 409);
    return [{ type: 'PayoutSent', data: payout }];
  },
  evolve(state, event) {
    return { payoutIds: [...state.payoutIds, event.data.payoutId], paidOutCents: state.paidOutCents + event.data.amountCents };
  },
};
