/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import type { BuyerState } from '../../../shared/features/buyer/buyerSlice';
import type { FollowedProducer, SupportOrder } from '../../../shared/schemas/buyerPages';
import type { Producer } from '../../../shared/schemas/producer';
import type { DashboardHome } from '../../../shared/schemas/sites';
import type { RootState } from '../../../shared/store/rootReducer';
import { buyerSagas, UNFOLLOW_FAILED } from '../../../sagas/buyer/buyerSagas';
import { pageSagas } from '../../../sagas/pages/pageSagas';
import { aCart } from '../../../test/helpers/cartFixtures';
import { aTrack } from '../../../test/helpers/fixtures';
import { renderStorefront, settle } from '../../../test/helpers/storefrontHarness';
import { orderOption } from './SupportPage';

const NOVA: FollowedProducer = { id: 7, artistName: 'Nova Kade', shortName: 'nova-kade', avatarSrc: '/media/avatars/nova.jpg', beats: 12 };
const MARA: FollowedProducer = { id: 9, artistName: 'Mara Vale', shortName: 'maravale', avatarSrc: null, beats: 1 };
const NIGHT_DRIVE = aTrack({ id: 11, name: 'Night Drive', previewTrackSrc: '/media/previews/11.mp3' });
const NEON_RAIN = aTrack({ id: 12, name: 'Neon Rain', isSold: true, previewTrackSrc: '/media/previews/12.mp3' });
const ORDERS: SupportOrder[] = [
  { id: '0b5e1c1e-7f3a-4c55-9c3e-1f1d2f9d6a10', placedAt: '2026-11-20T09:30:00.000Z', totalCents: 47_444 },
  { id: '9c0d7a11-1111-4c55-9c3e-1f1d2f9d6a10', placedAt: '2026-10-02T12:00:00.000Z', totalCents: 19_900 },
];
const EMPTY_BUYER: BuyerState = { following: null, unfollowing: [], wishlistTracks: null, supportOrders: null };

const producerAnswer = (producer: FollowedProducer, alreadyFollowed: boolean): Producer => ({
  id: producer.id,
  artistName: producer.artistName,
  producerName: producer.artistName,
  producerUrl: producer.shortName,
  avatar: null,
  avatarSrc: null,
  counters: { numberoffollowers: { sum: 0 }, numberoftracks: { sum: producer.beats } },
  alreadyFollowed,
});

/**
 * A dashboard page of the client, its data as its preload left it; `answer` stands in for the
 * server, and the cart and wishlist reads a login brings answer as the page's state has them.
 */
function openPage(pathname: string, routeName: string, preloaded: Partial<RootState>, answer: (request: ApiRequest) => unknown = () => ({ status: 'ok' })) {
  const wishlist = (preloaded.wishlist?.productIds ?? []).map((productId, index) => ({ id: index + 1, productId }));
  const opened = renderStorefront({
    pathname,
    routeName,
    loggedIn: true,
    preloaded,
    answer: (request) => {
      if (request.method === 'GET' && request.path === '/ecommerce/cart') return aCart();
      if (request.method === 'GET' && request.path === '/wishlist') return wishlist;
      return answer(request);
    },
  });
  opened.store.runSaga(buyerSagas);
  opened.store.runSaga(pageSagas);
  return opened;
}

const row = (name: string) => within(screen.getByRole('listitem', { name }));

describe('Following', () => {
  test('lists each producer with avatar, a link to their page and their beats', () => {
    openPage('/dashboard/following', 'dashboard-following', { buyer: { ...EMPTY_BUYER, following: [MARA, NOVA] } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Following');
    expect(row('Nova Kade').getByRole('link', { name: 'Nova Kade' }).getAttribute('href')).toBe('/nova-kade');
    expect(row('Nova Kade').getByText('12 beats')).toBeTruthy();
    expect(row('Mara Vale').getByText('1 beat')).toBeTruthy();
    expect(document.querySelector('img.followed-producer__avatar')?.getAttribute('src')).toBe('/media/avatars/nova.jpg');
  });

  test('Unfollow makes the producer page’s call and the producer leaves the list', async () => {
    const user = userEvent.setup();
    const { calls } = openPage('/dashboard/following', 'dashboard-following', { buyer: { ...EMPTY_BUYER, following: [MARA, NOVA] } }, (request) =>
      request.method === 'DELETE' ? producerAnswer(NOVA, false) : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Unfollow Nova Kade' }));
    await settle();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/users/producer/7/unfollow' });
    expect(screen.queryByRole('listitem', { name: 'Nova Kade' })).toBeNull();
    const followed = within(screen.getByRole('list', { name: 'Producers you follow' })).getAllByRole('listitem');
    expect(followed.map((item) => item.getAttribute('aria-label'))).toEqual(['Mara Vale']);
    expect(within(followed[0]!).getByText('1 beat')).toBeTruthy();
  });

  test('a failed Unfollow keeps the producer and says so', async () => {
    const user = userEvent.setup();
    openPage('/dashboard/following', 'dashboard-following', { buyer: { ...EMPTY_BUYER, following: [NOVA] } }, (request) =>
      request.method === 'DELETE' ? new ApiError('Server error', 500) : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Unfollow Nova Kade' }));
    await settle();
    expect(screen.getByRole('listitem', { name: 'Nova Kade' })).toBeTruthy();
    expect(screen.getByText(UNFOLLOW_FAILED)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Unfollow Nova Kade' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('with nobody followed, says how to follow', () => {
    openPage('/dashboard/following', 'dashboard-following', { buyer: { ...EMPTY_BUYER, following: [] } });
    expect(screen.getByText(/You follow no producers yet/)).toBeTruthy();
  });
});

describe('Wishlist', () => {
  const preloaded = { buyer: { ...EMPTY_BUYER, wishlistTracks: [NIGHT_DRIVE, NEON_RAIN] }, wishlist: { productIds: [11, 12], loaded: true, pending: {} } };

  test('each entry plays into the player with the wishlist as its queue', async () => {
    const user = userEvent.setup();
    const { store } = openPage('/dashboard/wishlist', 'dashboard-wishlist', preloaded);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Wishlist');
    await user.click(row('Night Drive').getByRole('button', { name: 'Play Night Drive' }));
    expect(within(screen.getByRole('region', { name: 'Player' })).getByText('Night Drive')).toBeTruthy();
    // Store read: the queue shows only through the player's Next and Previous, which a saga plays, and this page runs none.
    expect(store.getState().player.queue.map((track) => track.id)).toEqual([11, 12]);
  });

  test('Add to cart is the storefront’s; a sold beat shows Sold and has none', async () => {
    const user = userEvent.setup();
    const { calls } = openPage('/dashboard/wishlist', 'dashboard-wishlist', preloaded);
    expect(row('Neon Rain').getByText('Sold')).toBeTruthy();
    expect(row('Neon Rain').queryByRole('button', { name: /Add to cart/ })).toBeNull();
    await user.click(row('Night Drive').getByRole('button', { name: 'Add to cart: Night Drive' }));
    await settle();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/ecommerce/cart', body: { product: 11, includeProjectFile: false } }));
  });

  test('Remove takes the entry off the wishlist at once, and it comes back if the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = false;
    const { calls } = openPage('/dashboard/wishlist', 'dashboard-wishlist', preloaded, (request) =>
      request.method === 'DELETE' && refuse ? new ApiError('Server error', 500) : { status: 'ok' },
    );
    await user.click(row('Night Drive').getByRole('button', { name: 'Remove Night Drive from wishlist' }));
    await settle();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/wishlist/11' }));
    expect(screen.queryByRole('listitem', { name: 'Night Drive' })).toBeNull();
    refuse = true;
    await user.click(row('Neon Rain').getByRole('button', { name: 'Remove Neon Rain from wishlist' }));
    await settle();
    expect(screen.getByRole('listitem', { name: 'Neon Rain' })).toBeTruthy();
  });

  test('an empty wishlist leads to the shop', () => {
    openPage('/dashboard/wishlist', 'dashboard-wishlist', { buyer: { ...EMPTY_BUYER, wishlistTracks: [] }, wishlist: { productIds: [], loaded: true, pending: {} } });
    expect(screen.getByRole('link', { name: 'Find beats in the shop' }).getAttribute('href')).toBe('/beats');
  });
});

describe('Support', () => {
  const preloaded = { buyer: { ...EMPTY_BUYER, supportOrders: ORDERS } };

  test('the contact form, filled in with the member’s name and email, sends the picked order', async () => {
    const user = userEvent.setup();
    const { calls } = openPage('/dashboard/support', 'dashboard-support', preloaded);
    const form = within(screen.getByRole('form', { name: 'Contact form' }));
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((form.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    const picker = form.getByLabelText('Order (optional)');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['Not about an order', ...ORDERS.map(orderOption)]);
    expect(orderOption(ORDERS[0]!)).toBe('#0b5e1c1e · Nov 20, 2026 · $474.44');
    await user.selectOptions(picker, ORDERS[1]!.id);
    await user.type(form.getByLabelText('Subject'), 'My download');
    await user.type(form.getByLabelText('Message'), 'The download stopped halfway.');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    await settle();
    expect(calls.filter((call) => call.path === '/pages/contact')).toEqual([
      {
        method: 'POST',
        path: '/pages/contact',
        body: { name: 'Ada Lovelace', email: 'ada@example.com', orderId: ORDERS[1]!.id, subject: 'My download', message: 'The download stopped halfway.' },
      },
    ]);
    expect(screen.getByText('Thank you! Your message has been sent. We will answer by email.')).toBeTruthy();
  });

  test('the storefront’s rules and messages; the server’s refusal shows above the form', async () => {
    const user = userEvent.setup();
    openPage('/dashboard/support', 'dashboard-support', preloaded, (request) =>
      request.path === '/pages/contact' ? new ApiError('Choose one of your own orders', 400) : undefined,
    );
    const form = within(screen.getByRole('form', { name: 'Contact form' }));
    await user.type(form.getByLabelText('Message'), 'short');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(form.getByText('Subject is required')).toBeTruthy();
    expect(form.getByText('Message must be at least 10 characters long')).toBeTruthy();
    await user.type(form.getByLabelText('Subject'), 'Hello');
    await user.type(form.getByLabelText('Message'), ' and longer now');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    await settle();
    expect(screen.getByText('Choose one of your own orders')).toBeTruthy();
  });
});

describe('Dashboard', () => {
  const HOME: DashboardHome = {
    recentPurchases: [
      {
        id: ORDERS[0]!.id,
        placedAt: ORDERS[0]!.placedAt,
        status: 'paid',
        total: 474.44,
        items: [{ productId: 40, name: 'Studio Sunrise', productType: 'track' }],
      },
      // A custom service's line names the service, not a product: it opens the custom order.
      { id: 'c-9', placedAt: ORDERS[0]!.placedAt, status: 'paid', total: 150, items: [{ productId: 1, name: 'Mixing and mastering', productType: 'customservice' }] },
    ],
    followedNewBeats: [NIGHT_DRIVE, NEON_RAIN],
    openCustomOrders: [],
    listedProducts: null,
  };

  test('recent purchases with their beats and the way to My purchases; new beats of followed producers play; open custom orders', async () => {
    const user = userEvent.setup();
    openPage('/dashboard', 'dashboard-home', { sites: { dashboardHome: HOME, adminSummary: null } });
    const purchases = within(screen.getByRole('region', { name: 'Recent purchases' }));
    expect(purchases.getByRole('link', { name: 'Studio Sunrise' }).getAttribute('href')).toBe('/product/40');
    expect(purchases.getByRole('link', { name: 'Mixing and mastering' }).getAttribute('href')).toBe('https://dash.example/services/c-9');
    expect(purchases.getByRole('link', { name: 'My purchases' }).getAttribute('href')).toBe('https://dash.example/purchases');
    const newBeats = within(screen.getByRole('region', { name: 'New from producers you follow' }));
    expect(newBeats.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Night Drive', 'Neon Rain']);
    expect(newBeats.getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe('/product/11');
    await user.click(newBeats.getByRole('button', { name: 'Play Neon Rain' }));
    expect(within(screen.getByRole('region', { name: 'Player' })).getByText('Neon Rain')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Open custom orders' })).getByText('No custom orders in progress.')).toBeTruthy();
  });

  test('a custom order in progress shows its service, due date, overdue flag and state, and links to it', () => {
    const home = {
      ...HOME,
      openCustomOrders: [
        { id: 'c-1', serviceName: 'Mixing', state: 'accepted' as const, price: 49, requestedAt: '2026-11-18T09:00:00.000Z', deadline: '2026-11-25T09:00:00.000Z', overdue: true, buyerName: 'Ada', sellerName: 'Beatcrate' },
      ],
    };
    openPage('/dashboard', 'dashboard-home', { sites: { dashboardHome: home, adminSummary: null } });
    const orders = within(screen.getByRole('region', { name: 'Open custom orders' }));
    expect(orders.getByRole('link', { name: 'Mixing' }).getAttribute('href')).toBe('https://dash.example/services/c-1');
    expect(orders.getByText('Due Nov 25, 2026')).toBeTruthy();
    expect(orders.getByText('Overdue')).toBeTruthy();
    expect(orders.getByText('In progress')).toBeTruthy();
  });
});
