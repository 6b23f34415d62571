import type { ProducerOffer } from '../../schemas/producerOffers';
import { loggedOut } from '../auth/authSlice';
import producerOffersSlice, {
  myOffersLoaded,
  offerEditOpened,
  offerEditRefused,
  offerMade,
  offerRefused,
  offerSaved,
  offerSubmitted,
  offerWithdrawalConfirmed,
  offerWithdrawn,
  type ProducerOffersState,
} from './producerOffersSlice';

const reduce = producerOffersSlice.reducer;
const fold = (...actions: Parameters<typeof reduce>[1][]) => actions.reduce<ProducerOffersState>(reduce, reduce(undefined, { type: '@@init' }));

const offer = (id: number, changes: Partial<ProducerOffer> = {}): ProducerOffer => ({
  id,
  producerId: 7,
  producerName: 'Nova Kade',
  producerUrl: 'nova-kade',
  name: `Service ${id}`,
  description: 'A service described at length.',
  price: 60,
  deliveryDays: 3,
  ...changes,
});
const TERMS = { name: 'Service 2', description: 'A service described at length.', priceCents: 6000, deliveryDays: 3 };

describe('producer offers slice', () => {
  test('an offer made joins the list, and the form starts over (a new `made`)', () => {
    const state = fold(myOffersLoaded({ verified: true, offers: [offer(1)] }), offerSubmitted(TERMS), offerMade(offer(2)));
    expect(state.mine?.offers.map((one) => one.id)).toEqual([1, 2]);
    expect(state.newOffer).toEqual({ status: 'idle', message: null, errors: {}, made: 1 });
  });

  test('a refused offer keeps the form as typed, with the server’s words per field', () => {
    const state = fold(myOffersLoaded({ verified: true, offers: [] }), offerSubmitted(TERMS), offerRefused({ message: 'Check the form', errors: { name: 'Taken' } }));
    expect(state.newOffer).toEqual({ status: 'failed', message: 'Check the form', errors: { name: 'Taken' }, made: 0 });
    expect(state.mine?.offers).toEqual([]);
  });

  test('a saved offer replaces the one listed and closes its form; a refusal of another offer’s form is dropped', () => {
    const saved = fold(myOffersLoaded({ verified: true, offers: [offer(1), offer(2)] }), offerEditOpened(2), offerSaved(offer(2, { price: 75 })));
    expect(saved.mine?.offers.map((one) => one.price)).toEqual([60, 75]);
    expect(saved.editing).toBeNull();
    const stale = fold(myOffersLoaded({ verified: true, offers: [offer(1), offer(2)] }), offerEditOpened(2), offerEditRefused({ offerId: 1, message: 'No', errors: {} }));
    expect(stale.editing).toEqual({ offerId: 2, status: 'idle', message: null, errors: {} });
  });

  test('a withdrawn offer leaves the list, its open form with it', () => {
    const state = fold(myOffersLoaded({ verified: true, offers: [offer(1), offer(2)] }), offerEditOpened(1), offerWithdrawalConfirmed(1), offerWithdrawn(1));
    expect(state.mine?.offers.map((one) => one.id)).toEqual([2]);
    expect(state.editing).toBeNull();
    expect(state.withdrawal).toBeNull();
  });

  test('logging out forgets the offers', () => {
    const state = fold(myOffersLoaded({ verified: true, offers: [offer(1)] }), loggedOut());
    expect(state.mine).toBeNull();
  });
});
