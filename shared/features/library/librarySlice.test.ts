import { loggedOut } from '../auth/authSlice';
import librarySlice, { orderMailFailed, orderMailRequested, orderMailSent, purchasesLoaded, salesLoaded } from './librarySlice';

const reduce = librarySlice.reducer;

describe('library slice', () => {
  test('a press of "Send the mail again" waits, then keeps what the server said, per order', () => {
    let state = reduce(undefined, orderMailRequested('o-1'));
    expect(state.mails).toEqual({ 'o-1': { status: 'sending' } });
    state = reduce(state, orderMailSent({ orderId: 'o-1', message: 'Sent' }));
    state = reduce(state, orderMailFailed({ orderId: 'o-2', message: 'Too many' }));
    expect(state.mails).toEqual({ 'o-1': { status: 'sent', message: 'Sent' }, 'o-2': { status: 'failed', message: 'Too many' } });
  });

  test('logging out forgets the purchases, the sales and the mails', () => {
    let state = reduce(undefined, purchasesLoaded([]));
    state = reduce(state, salesLoaded([]));
    state = reduce(state, orderMailRequested('o-1'));
    expect(reduce(state, loggedOut())).toEqual({ purchases: null, sales: null, mails: {} });
  });
});
