import type { CustomOrderDetail, CustomOrderSummary } from '../../schemas/customOrders';
import { loggedOut } from '../auth/authSlice';
import customOrdersSlice, {
  customOrderFailed,
  customOrderLoaded,
  customOrderRequested,
  customOrderStepDone,
  customOrderStepRequested,
  deliveryRequested,
  myCustomOrdersLoaded,
  offerToOrderLoaded,
  selectCustomOrderBusy,
  selectCustomOrderError,
  selectCustomOrderStatus,
  selectOpenCustomOrder,
  shopCustomOrdersLoaded,
  type CustomOrdersState,
} from './customOrdersSlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(customOrdersSlice.reducer);
const root = (customOrders: CustomOrdersState) => ({ customOrders });

const summary = (changes: Partial<CustomOrderSummary> = {}): CustomOrderSummary => ({
  id: 'co-1',
  serviceName: 'Mixing',
  state: 'waiting',
  price: 60,
  requestedAt: '2026-11-01T10:00:00.000Z',
  deadline: '2026-11-04T10:00:00.000Z',
  overdue: false,
  buyerName: 'Ada Lovelace',
  sellerName: 'Beatcrate',
  ...changes,
});
const detail = (changes: Partial<CustomOrderDetail> = {}): CustomOrderDetail => ({
  ...summary(),
  brief: 'Mix my twelve stems into a radio-ready song.',
  thread: [],
  files: [],
  downloadsUntil: null,
  revisionsLeft: 2,
  nextActionUrl: null,
  failureReason: null,
  actions: ['accept', 'decline', 'message'],
  viewer: 'seller',
  refunded: false,
  ...changes,
});
const ORDER = { serviceId: 3, paymentMethodId: 'pm_card_visa', expectedTotal: 6000 };

describe('custom orders slice', () => {
  test('a step waits on its button; its answer replaces the open order and says what was done', () => {
    const pending = reduce(undefined, customOrderLoaded(detail()), customOrderStepRequested({ id: 'co-1', side: 'shop', action: 'accept' }));
    expect(selectCustomOrderBusy(root(pending))).toBe('accept');
    const done = reduce(pending, customOrderStepDone({ detail: detail({ state: 'accepted', actions: ['deliver', 'message'] }), action: 'accept' }));
    expect(selectCustomOrderBusy(root(done))).toBeNull();
    expect(selectOpenCustomOrder(root(done))?.state).toBe('accepted');
    expect(selectCustomOrderStatus(root(done))).toBe('The order is accepted; the buyer has been told.');
  });

  test('a delivery says it was sent; a payment step says nothing', () => {
    const delivering = reduce(undefined, customOrderLoaded(detail({ state: 'accepted' })), deliveryRequested({ id: 'co-1', side: 'shop', uploadId: 'up-1' }, 'Here you go'));
    expect(delivering.busy).toBe('deliver');
    const delivered = reduce(delivering, customOrderStepDone({ detail: detail({ state: 'delivered' }), action: 'deliver' }));
    expect(delivered.status).toBe('The delivery was sent; the buyer has been told.');
    expect(reduce(delivered, customOrderStepDone({ detail: detail({ state: 'waiting' }), action: 'pay' })).status).toBeNull();
  });

  test('the buyer’s brief and a step’s text ride in meta, outside the recorded payload', () => {
    const order = customOrderRequested(ORDER, 'Mix my twelve stems into a radio-ready song.');
    expect(order.payload).toEqual(ORDER);
    expect(order.meta).toEqual({ brief: 'Mix my twelve stems into a radio-ready song.' });
    expect(customOrderStepRequested({ id: 'co-1', side: 'buyer', action: 'message' }, 'Hello').meta).toEqual({ text: 'Hello' });
  });

  test('a refused order frees the form with the field it names; the next try clears the refusal', () => {
    const refusal = { message: 'Check the form', fieldErrors: { brief: 'Description of the job is too short' } };
    const refused = reduce(undefined, customOrderRequested(ORDER, 'too short'), customOrderFailed(refusal));
    expect(selectCustomOrderBusy(root(refused))).toBeNull();
    expect(selectCustomOrderError(root(refused))).toEqual(refusal);
    const again = reduce(refused, customOrderRequested(ORDER, 'Mix my twelve stems into a radio-ready song.'));
    expect(again).toMatchObject({ busy: 'order', error: null });
  });

  test('a refused step keeps the open order as it was', () => {
    const state = reduce(undefined, customOrderLoaded(detail()), customOrderStepRequested({ id: 'co-1', side: 'shop', action: 'decline' }), customOrderFailed({ message: 'Give a reason', fieldErrors: {} }));
    expect(state.open).toEqual(detail());
    expect(state.busy).toBeNull();
  });

  test('loading a list or an order clears the last step’s message', () => {
    const done = reduce(undefined, customOrderLoaded(detail()), customOrderStepDone({ detail: detail({ state: 'accepted' }), action: 'accept' }));
    expect(reduce(done, shopCustomOrdersLoaded([summary()])).status).toBeNull();
    expect(reduce(done, customOrderLoaded(detail({ id: 'co-2' }))).status).toBeNull();
  });

  test('logout forgets every list, the open order and the offer', () => {
    const state = reduce(undefined, myCustomOrdersLoaded([summary()]), customOrderLoaded(detail()), offerToOrderLoaded({ offer: null }), customOrderFailed({ message: 'x', fieldErrors: {} }), loggedOut());
    expect(state).toEqual(customOrdersSlice.reducer(undefined, { type: 'init' }));
  });
});
