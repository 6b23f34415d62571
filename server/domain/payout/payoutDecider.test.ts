import { type PayoutCommand, payoutDecider } from './payoutDecider';
import type { PayoutEvent } from './payoutEvents';

const payout = (payoutId: string, amountCents: number) => ({ payoutId, producerId: 7, amountCents, reference: 'Wire', sentAt: '2026-12-02T10:00:00.000Z', by: 1 });
const sent = (payoutId: string, amountCents: number): PayoutEvent => ({ type: 'PayoutSent', data: payout(payoutId, amountCents) });
const decide = (events: PayoutEvent[], command: PayoutCommand) => () => payoutDecider.decide(command, events.reduce(payoutDecider.evolve, payoutDecider.initialState()));

describe('payout decider', () => {
  test('a payout takes at most what is earned and not yet paid out', () => {
    expect(decide([], { type: 'SendPayout', payout: payout('p1', 10_000), earnedCents: 10_000 })()).toEqual([sent('p1', 10_000)]);
    expect(decide([sent('p1', 6000)], { type: 'SendPayout', payout: payout('p2', 4001), earnedCents: 10_000 })).toThrow('The payout of $40.01 is more than the balance of $40.00');
  });

  test('the same payout id sent again records nothing', () => {
    expect(decide([sent('p1', 6000)], { type: 'SendPayout', payout: payout('p1', 6000), earnedCents: 6000 })()).toEqual([]);
  });
});
