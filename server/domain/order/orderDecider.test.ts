import { orderDecider, type OrderCommand } from './orderDecider';
import type { OrderEvent, OrderPlacement } from './orderEvents';

const placement: OrderPlacement = {
  orderId: '00000000-0000-4000-8000-000000000001',
  userId: 7,
  lines: [{ productId: 1, producerId: 1, name: 'Night Drive', productType: 'track', includeProjectFile: false, priceCents: 19_900 }],
  coupon: null,
  subTotalCents: 19_900,
  discountCents: 0,
  serviceFeeCents: 1_294,
  totalCents: 21_194,
  paymentMethod: 'card',
  walletType: null,
  provider: 'sandbox',
  shippingAddress: null,
  placedAt: '2026-11-21T10:00:00.000Z',
};
const file = { productId: 1, kind: 'beat' as const, name: 'Night Drive.mp3', expiresAt: '2027-05-20T10:00:00.000Z', token: 't'.repeat(32) };
const placed: OrderEvent = { type: 'OrderPlaced', data: placement };
const actionRequired: OrderEvent = { type: 'PaymentActionRequired', data: { providerPaymentId: 'pi_1', nextActionUrl: 'https://x/3ds', clientSecret: null } };
const succeeded: OrderEvent = { type: 'PaymentSucceeded', data: { providerPaymentId: 'pi_1', paidAt: '2026-11-21T10:01:00.000Z' } };
const delivered: OrderEvent = { type: 'OrderDelivered', data: { files: [file] } };
const confirm: OrderCommand = { type: 'ConfirmPayment', providerPaymentId: 'pi_1', paidAt: '2026-11-21T10:01:00.000Z', files: [file], refundReason: null };

const given = (events: OrderEvent[]) => ({
  when: (command: OrderCommand) => {
    const state = events.reduce(orderDecider.evolve, orderDecider.initialState());
    return {
      then: (expected: OrderEvent[]) => expect(orderDecider.decide(command, state)).toEqual(expected),
      thenRefused: (message: RegExp) => expect(() => orderDecider.decide(command, state)).toThrow(message),
    };
  },
});

describe('order decider', () => {
  test('an order is placed once', () => {
    given([]).when({ type: 'PlaceOrder', placement }).then([placed]);
    given([placed]).when({ type: 'PlaceOrder', placement }).then([]);
  });

  test('pending → requires_action → paid, delivering the files with the payment', () => {
    given([placed]).when({ type: 'RequireAction', providerPaymentId: 'pi_1', nextActionUrl: 'https://x/3ds', clientSecret: null }).then([actionRequired]);
    given([placed, actionRequired]).when(confirm).then([succeeded, delivered]);
    given([placed]).when(confirm).then([succeeded, delivered]);
    const state = [placed, actionRequired, succeeded, delivered].reduce(orderDecider.evolve, orderDecider.initialState());
    expect(state).toMatchObject({ status: 'paid', nextActionUrl: null, files: [file], paidAt: '2026-11-21T10:01:00.000Z' });
  });

  test('a second confirmation (webhook twice, webhook racing the browser) delivers nothing more', () => {
    given([placed, succeeded, delivered]).when(confirm).then([]);
    given([placed, succeeded, delivered]).when({ type: 'RequireAction', providerPaymentId: 'pi_1', nextActionUrl: null, clientSecret: null }).then([]);
  });

  test('a failure notice after the success (out of order) changes nothing; before it, the order fails', () => {
    given([placed, succeeded, delivered]).when({ type: 'FailPayment', reason: 'Your card was declined.' }).then([]);
    given([placed, actionRequired])
      .when({ type: 'FailPayment', reason: 'Your card was declined.' })
      .then([{ type: 'PaymentFailed', data: { reason: 'Your card was declined.' } }]);
    given([placed, { type: 'PaymentFailed', data: { reason: 'x' } }]).when({ type: 'FailPayment', reason: 'y' }).then([]);
  });

  test('money for an order that failed or was cancelled is refused (the caller refunds it)', () => {
    given([placed, { type: 'PaymentFailed', data: { reason: 'x' } }]).when(confirm).thenRefused(/failed order cannot be paid/);
    given([placed, { type: 'OrderCancelled', data: { reason: 'x' } }]).when(confirm).thenRefused(/cancelled order cannot be paid/);
  });

  test('a payment for goods gone meanwhile is recorded and refunded with the reason', () => {
    given([placed, actionRequired])
      .when({ ...confirm, files: [], refundReason: 'Night Drive was sold to another buyer.' })
      .then([succeeded, { type: 'OrderRefunded', data: { reason: 'Night Drive was sold to another buyer.' } }]);
  });

  test('only an open order is cancelled; cancelling twice is fine', () => {
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { reason: 'The order was cancelled.' } };
    given([placed, actionRequired]).when({ type: 'CancelOrder', reason: 'The order was cancelled.' }).then([cancelled]);
    given([placed, cancelled]).when({ type: 'CancelOrder', reason: 'again' }).then([]);
    given([placed, succeeded, delivered]).when({ type: 'CancelOrder', reason: 'x' }).thenRefused(/paid order cannot be cancelled/);
  });

  test('only a paid order is refunded, once; its downloads go', () => {
    const refunded: OrderEvent = { type: 'OrderRefunded', data: { reason: 'Refunded on request.' } };
    given([placed, succeeded, delivered]).when({ type: 'RefundOrder', reason: 'Refunded on request.' }).then([refunded]);
    given([placed, succeeded, delivered, refunded]).when({ type: 'RefundOrder', reason: 'again' }).then([]);
    given([placed]).when({ type: 'RefundOrder', reason: 'x' }).thenRefused(/pending order cannot be refunded/);
    expect([placed, succeeded, delivered, refunded].reduce(orderDecider.evolve, orderDecider.initialState())).toMatchObject({
      status: 'refunded',
      files: [],
      failureReason: 'Refunded on request.',
    });
  });

  test('commands on an order that does not exist are refused', () => {
    given([]).when(confirm).thenRefused(/Order not found/);
  });
});
