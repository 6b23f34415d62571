import { customOrderDecider, type CustomOrderCommand, REVISION_USED } from './customOrderDecider';
import type { CustomOrderEvent } from './customOrderEvents';

const id = '00000000-0000-4000-8000-0000000000c1';
const service = { serviceId: 2, producerId: null, name: 'Mastering', priceCents: 5_900, deliveryDays: 3 };
const file = { fileId: 'f1', name: 'master.wav', bytes: 10, contentType: 'audio/wav', key: `private/custom-orders/${id}/f1.wav` };
const requested: CustomOrderEvent = {
  type: 'CustomOrderRequested',
  data: { customOrderId: id, buyerId: 7, service, brief: 'Master my single, loud but not squashed.', requestedAt: '2026-11-21T10:00:00.000Z' },
};
const paid: CustomOrderEvent = { type: 'CustomOrderPaid', data: { paidAt: '2026-11-21T10:01:00.000Z', dueAt: '2026-11-24T10:01:00.000Z' } };
const accepted: CustomOrderEvent = { type: 'CustomOrderAccepted', data: { by: 1, at: '2026-11-21T11:00:00.000Z' } };
const delivered: CustomOrderEvent = { type: 'CustomOrderDelivered', data: { by: 1, message: 'Here it is', files: [file], at: '2026-11-22T10:00:00.000Z' } };
const revision: CustomOrderEvent = { type: 'CustomOrderRevisionRequested', data: { text: 'A bit less bass', at: '2026-11-22T12:00:00.000Z' } };
const declined: CustomOrderEvent = { type: 'CustomOrderDeclined', data: { by: 1, reason: 'Stems are missing', at: '2026-11-21T11:00:00.000Z' } };

const given = (events: CustomOrderEvent[]) => ({
  when: (command: CustomOrderCommand) => {
    const state = events.reduce(customOrderDecider.evolve, customOrderDecider.initialState());
    return {
      then: (expected: CustomOrderEvent[]) => expect(customOrderDecider.decide(command, state)).toEqual(expected),
      thenRefused: (message: RegExp | string) => expect(() => customOrderDecider.decide(command, state)).toThrow(message),
    };
  },
});

describe('custom order decider', () => {
  test('requested once, then waiting for its payment', () => {
    given([]).when({ type: 'RequestCustomOrder', customOrderId: id, buyerId: 7, service, brief: requested.data.brief, at: requested.data.requestedAt }).then([requested]);
    given([requested]).when({ type: 'RequestCustomOrder', customOrderId: id, buyerId: 7, service, brief: 'x', at: 'y' }).then([]);
  });

  test('the payment sets the deadline from the service’s delivery days, once', () => {
    given([requested]).when({ type: 'RecordPayment', paidAt: '2026-11-21T10:01:00.000Z' }).then([paid]);
    given([requested, paid]).when({ type: 'RecordPayment', paidAt: '2026-11-21T10:05:00.000Z' }).then([]);
    given([requested, paid]).when({ type: 'RecordPaymentFailure', reason: 'late notice' }).then([]);
  });

  test('a failed payment ends the order before anyone acts on it', () => {
    const failed: CustomOrderEvent = { type: 'CustomOrderPaymentFailed', data: { reason: 'Your card was declined.' } };
    given([requested]).when({ type: 'RecordPaymentFailure', reason: 'Your card was declined.' }).then([failed]);
    given([requested, failed]).when({ type: 'AcceptCustomOrder', by: 1, at: 'now' }).thenRefused(/payment failed/);
  });

  test('an unpaid order cannot be accepted or written to', () => {
    given([requested]).when({ type: 'AcceptCustomOrder', by: 1, at: 'now' }).thenRefused(/awaiting payment/);
    given([requested]).when({ type: 'PostMessage', from: 'buyer', authorId: 7, text: 'hi', at: 'now' }).thenRefused(/cannot be written to/);
  });

  test('accepted, delivered, completed', () => {
    given([requested, paid]).when({ type: 'AcceptCustomOrder', by: 1, at: accepted.data.at }).then([accepted]);
    given([requested, paid, accepted]).when({ type: 'AcceptCustomOrder', by: 1, at: 'again' }).then([]);
    given([requested, paid, accepted]).when({ type: 'DeliverCustomOrder', by: 1, message: 'Here it is', files: [file], at: delivered.data.at }).then([delivered]);
    const completed: CustomOrderEvent = { type: 'CustomOrderCompleted', data: { at: 'done', downloadsUntil: 'later' } };
    given([requested, paid, accepted, delivered]).when({ type: 'AcceptDelivery', at: 'done', downloadsUntil: 'later' }).then([completed]);
    given([requested, paid, accepted, delivered, completed]).when({ type: 'AcceptDelivery', at: 'x', downloadsUntil: 'y' }).then([]);
  });

  test('a delivery needs a file and an accepted order', () => {
    given([requested, paid, accepted]).when({ type: 'DeliverCustomOrder', by: 1, message: 'm', files: [], at: 'now' }).thenRefused('A delivery needs at least one file');
    given([requested, paid]).when({ type: 'DeliverCustomOrder', by: 1, message: 'm', files: [file], at: 'now' }).thenRefused(/cannot be delivered/);
  });

  test('one revision, then delivered again; a second revision is refused', () => {
    given([requested, paid, accepted, delivered]).when({ type: 'AskRevision', text: 'A bit less bass', at: revision.data.at }).then([revision]);
    given([requested, paid, accepted, delivered, revision]).when({ type: 'DeliverCustomOrder', by: 1, message: 'v2', files: [file], at: 'later' }).then([
      { type: 'CustomOrderDelivered', data: { by: 1, message: 'v2', files: [file], at: 'later' } },
    ]);
    given([requested, paid, accepted, delivered, revision, delivered]).when({ type: 'AskRevision', text: 'again', at: 'now' }).thenRefused(REVISION_USED);
  });

  test('declined while waiting, refunded once', () => {
    given([requested, paid]).when({ type: 'DeclineCustomOrder', by: 1, reason: 'Stems are missing', at: declined.data.at }).then([declined]);
    given([requested, paid, declined]).when({ type: 'RecordRefund', at: 'r', reason: 'declined' }).then([{ type: 'CustomOrderRefunded', data: { at: 'r' } }]);
    given([requested, paid, declined, { type: 'CustomOrderRefunded', data: { at: 'r' } }]).when({ type: 'RecordRefund', at: 's', reason: 'declined' }).then([]);
    given([requested, paid, accepted, delivered]).when({ type: 'DeclineCustomOrder', by: 1, reason: 'no', at: 'now' }).thenRefused(/cannot be declined/);
  });

  describe('a refund of its order from anywhere else (an admin) ends the order, whatever its step', () => {
    const cancelled: CustomOrderEvent = { type: 'CustomOrderCancelled', data: { reason: 'Refunded by the shop', at: 'r' } };
    const refund: CustomOrderCommand = { type: 'RecordRefund', at: 'r', reason: 'Refunded by the shop' };

    test.each<[string, CustomOrderEvent[]]>([
      ['paid but not yet recorded as paid', [requested]],
      ['waiting', [requested, paid]],
      ['accepted', [requested, paid, accepted]],
      ['delivered', [requested, paid, accepted, delivered]],
      ['sent back for a revision', [requested, paid, accepted, delivered, revision]],
      ['completed', [requested, paid, accepted, delivered, { type: 'CustomOrderCompleted', data: { at: 'done', downloadsUntil: 'later' } }]],
    ])('%s: declined and refunded; its seller can no longer take or deliver it, nor its buyer complete it', (_step, history) => {
      given(history).when(refund).then([cancelled]);
      const ended = [...history, cancelled];
      const state = ended.reduce(customOrderDecider.evolve, customOrderDecider.initialState());
      expect(state).toMatchObject({ status: 'declined', refunded: true, declineReason: 'Refunded by the shop' });
      // The thread says the payment was refunded, not that its seller declined.
      expect(state.status !== 'none' && state.thread.at(-1)).toMatchObject({ kind: 'refunded', text: 'Refunded by the shop' });
      given(ended).when({ type: 'AcceptCustomOrder', by: 1, at: 'later' }).thenRefused(/cannot be accepted/);
      given(ended).when({ type: 'DeliverCustomOrder', by: 1, message: 'm', files: [file], at: 'later' }).thenRefused(/cannot be delivered/);
      given(ended).when({ type: 'AcceptDelivery', at: 'later', downloadsUntil: 'x' }).thenRefused(/cannot be completed/);
      given(ended).when({ type: 'RecordPayment', paidAt: 'late' }).then([]);
      given(ended).when(refund).then([]);
      given(ended).when({ type: 'DeclineCustomOrder', by: 1, reason: 'no', at: 'later' }).then([]);
    });

    test('a failed payment was never refunded: nothing changes', () => {
      const failed: CustomOrderEvent = { type: 'CustomOrderPaymentFailed', data: { reason: 'Your card was declined.' } };
      given([requested, failed]).when(refund).then([]);
    });
  });

  test('the thread holds messages, deliveries, revisions and the decline in order', () => {
    const message: CustomOrderEvent = { type: 'CustomOrderMessagePosted', data: { from: 'buyer', authorId: 7, text: 'Any news?', at: '2026-11-21T12:00:00.000Z' } };
    const state = [requested, paid, accepted, message, delivered, revision].reduce(customOrderDecider.evolve, customOrderDecider.initialState());
    expect(state).toMatchObject({
      status: 'revision_requested',
      revisionsUsed: 1,
      files: [file],
      thread: [
        { from: 'buyer', kind: 'message', text: 'Any news?' },
        { from: 'shop', kind: 'delivery', text: 'Here it is' },
        { from: 'buyer', kind: 'revision', text: 'A bit less bass' },
      ],
    });
  });

  test('a command for an order that does not exist is a 404', () => {
    given([]).when({ type: 'AcceptCustomOrder', by: 1, at: 'now' }).thenRefused('Custom order not found');
  });
});
