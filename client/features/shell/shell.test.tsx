/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient, ApiRequest } from '../../../shared/api/apiClient';
import { DEFAULT_FEATURES, type FeatureFlags } from '../../../shared/features/config/configSlice';
import { navigationArrived, navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import { errorToastShown, notificationShown } from '../../../shared/features/notifications/notificationsSlice';
import shellSlice from '../../../shared/features/shell/shellSlice';
import { sitewideSaleOn } from '../../../shared/domain/sitewideSale';
import { makeStore } from '../../../shared/store/makeStore';
import { authSagas } from '../../../sagas/auth/authSagas';
import { cartSagas } from '../../../sagas/cart/cartSagas';
import { popupSagas } from '../../../sagas/auth/popupSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { couponCopySaga } from '../../../sagas/shell/couponCopySaga';
import { notificationsSaga } from '../../../sagas/shell/notificationsSaga';
import { progressBarSaga } from '../../../sagas/shell/progressBarSaga';
import { storeUntil } from '../../../test/helpers/storeUntil';
import { App } from '../../App';

interface Setup {
  pathname?: string;
  search?: string;
  routeName?: string;
  /** Resolves API calls; a test that wants a slow page answers late. */
  answer?: (request: ApiRequest) => Promise<unknown>;
  features?: Partial<FeatureFlags>;
  now?: Date;
  clipboard?: { writeText(text: string): Promise<void> };
}

function renderShell(setup: Setup = {}) {
  const history: string[] = [];
  // The address bar's entries, so that Back really returns to the previous one.
  const entries: string[] = [`${setup.pathname ?? '/'}${setup.search ?? ''}`];
  const requests: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      requests.push(request);
      const answer = await setup.answer?.(request);
      if (answer !== undefined) return answer as T;
      return (['/genres', '/moods', '/countries'].includes(request.path) ? [] : { tracks: [], total: 0 }) as T;
    },
  };
  const store = makeStore(
    {
      config: { dashboardUrl: 'https://dash.example', adminUrl: '', features: { ...DEFAULT_FEATURES, ...setup.features } },
      shell: { ...shellSlice.getInitialState(), sale: setup.now ? sitewideSaleOn(setup.now) : null },
    },
    {
      sagaContext: {
        api,
        history: {
          push: (url) => {
            history.push(`push ${url}`);
            entries.push(url);
          },
          replace: (url) => {
            history.push(`replace ${url}`);
            entries[entries.length - 1] = url;
          },
          back: () => {
            history.push('back');
            entries.pop();
            const url = new URL(entries[entries.length - 1]!, 'http://shop.example');
            // As the browser does: popstate after the call returns.
            setTimeout(() => store.dispatch(navigationRequested({ pathname: url.pathname, search: url.search, mode: 'pop' })));
          },
        },
        now: () => new Date(0),
        clipboard: setup.clipboard,
      },
    },
  );
  for (const saga of [watchNavigation, popupSagas, authSagas, notificationsSaga, progressBarSaga, couponCopySaga]) store.runSaga(saga);
  store.dispatch(
    navigationArrived({
      pathname: setup.pathname ?? '/',
      search: setup.search ?? '',
      routeName: setup.routeName ?? 'index',
      params: {},
      error: null,
    }),
  );
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  /** What the address bar shows: the current history entry. */
  const address = () => entries[entries.length - 1];
  return { store, history, requests, address };
}

const flush = () => act(async () => undefined);
const advance = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
const banner = () => within(screen.getByRole('banner'));

afterEach(() => {
  jest.useRealTimers();
});

describe('header and footer', () => {
  test('the desktop header: logo, menu with the How it works dropdown, Custom order, Log In and the cart', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(banner().getByRole('link', { name: 'Beatcrate home' }).getAttribute('href')).toBe('/');
    const menu = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['Beats', 'Services', 'For buyers', 'For sellers', 'Contact us']);
    const howItWorks = menu.getByRole('button', { name: 'How it works' });
    expect(howItWorks.getAttribute('aria-expanded')).toBe('false');
    await user.click(howItWorks);
    expect(howItWorks.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(howItWorks.getAttribute('aria-expanded')).toBe('false');
    expect(banner().getByRole('button', { name: 'Custom order' })).toBeTruthy();
    expect(banner().getByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(banner().getByRole('button', { name: 'Cart, 0 items' }).getAttribute('aria-expanded')).toBe('false');
  });

  test('the header is transparent at the top of the home page only; the tablet title follows the route', () => {
    renderShell();
    expect(screen.getByRole('banner').getAttribute('data-transparent')).toBe('true');
    expect(screen.getByRole('banner').querySelector('.site-header__title')).toBeNull();
    act(() => {
      window.scrollY = 300;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('banner').getAttribute('data-transparent')).toBe('false');
    window.scrollY = 0;
  });

  test('the shop shows the Shop title, search and filter buttons; the filter button opens the filter panel', async () => {
    const user = userEvent.setup();
    renderShell({ pathname: '/beats', routeName: 'beats' });
    expect(banner().getByText('Shop')).toBeTruthy();
    const filters = banner().getByRole('button', { name: 'Filters' });
    await user.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('complementary', { name: 'Filters' }).getAttribute('data-open')).toBe('true');
    expect(document.body.style.overflow).toBe('');
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('complementary', { name: 'Filters' }).getAttribute('data-open')).toBe('false');
    await user.click(banner().getByRole('button', { name: 'Search by tags' }));
    expect(screen.getByRole('region', { name: 'Search by tags' })).toBeTruthy();
    // As a phone's search: the field has the focus (and the keyboard), not the close button.
    expect(document.activeElement).toBe(within(screen.getByRole('region', { name: 'Search by tags' })).getByRole('combobox', { name: 'Search tags' }));
  });

  test('the footer: menu, the eight blog links, legal links, social links and the badge; PRO membership only with its flag', () => {
    renderShell();
    const footer = within(screen.getByRole('contentinfo'));
    expect(within(footer.getByRole('navigation', { name: 'Blog' })).getAllByRole('link')).toHaveLength(8);
    for (const name of ['Privacy policy', 'Terms of use', 'Contact us', 'Instagram', 'YouTube']) expect(footer.getByRole('link', { name })).toBeTruthy();
    expect(footer.getByText(/Approved by the association/)).toBeTruthy();
    expect(footer.queryByRole('link', { name: 'PRO membership' })).toBeNull();
  });

  test('with the PRO flag on, the footer links the PRO membership page', () => {
    renderShell({ features: { proMembership: true } });
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'PRO membership' }).getAttribute('href')).toBe('/pro-membership');
  });

  test("closing the footer's Menu and blog panel returns focus to its button; a link in it to another page does not, so the page is not scrolled down to the footer", async () => {
    const user = userEvent.setup();
    const { history } = renderShell({ pathname: '/beats', routeName: 'beats' });
    const opener = screen.getByRole('button', { name: 'Menu and blog' });
    await user.click(opener);
    const panel = () => within(screen.getAllByRole('region').find((region) => region.classList.contains('panel'))!);
    expect(document.activeElement).not.toBe(opener);
    await user.click(panel().getByRole('button', { name: /^Close/ }));
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(panel().getAllByRole('link').find((link) => link.getAttribute('href') === '/buy-beats-online')!);
    await flush();
    expect(history.at(-1)).toBe('push /buy-beats-online');
    expect(screen.queryAllByRole('region').filter((region) => region.classList.contains('panel'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Menu and blog' }).getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Menu and blog' }));
  });

  test('the footer bar opens the navigation panel; it locks page scroll, Escape closes it, and a new page closes it', async () => {
    const user = userEvent.setup();
    const { history } = renderShell({ pathname: '/beats', routeName: 'beats' });
    document.body.style.overflow = 'auto';
    await user.click(within(screen.getByRole('navigation', { name: 'Quick' })).getByRole('button', { name: 'Menu' }));
    const panel = within(screen.getByRole('region', { name: 'Navigation' }));
    expect(panel.getAllByRole('link').map((link) => link.textContent)).toEqual(['Go to Main', 'Beats', 'Services', 'Contact us']);
    await user.click(panel.getByRole('button', { name: 'How it works' }));
    expect(panel.getAllByRole('link').map((link) => link.textContent)).toEqual(['Go to Main', 'Beats', 'Services', 'For buyers', 'For sellers', 'Contact us']);
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Navigation' })).toBeNull();
    expect(document.body.style.overflow).toBe('auto');

    await user.click(within(screen.getByRole('navigation', { name: 'Quick' })).getByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('region', { name: 'Navigation' })).getByRole('link', { name: 'Contact us' }));
    await flush();
    expect(history.at(-1)).toBe('push /contacts');
    expect(screen.queryByRole('region', { name: 'Navigation' })).toBeNull();
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });
});

describe('user menu panel', () => {
  test("the footer bar's avatar opens the role's menu as a panel; Logout closes it and logs out", async () => {
    const user = userEvent.setup();
    const { userRefreshed } = await import('../../../shared/features/auth/authSlice');
    const { aUser } = await import('../../../test/helpers/fixtures');
    const { store } = renderShell({ answer: async (request) => (request.path === '/auth/logout' ? { status: 'ok' } : undefined) });
    act(() => void store.dispatch(userRefreshed(aUser())));
    await user.click(within(screen.getByRole('navigation', { name: 'Quick' })).getByRole('button', { name: 'Account menu' }));
    const panel = within(screen.getByRole('region', { name: 'Ada Lovelace' }));
    expect(panel.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Go to dashboard',
      'Dashboard',
      'My purchases',
      'Services',
      'Following',
      'Wishlist',
      'Support',
      'Account',
    ]);
    expect(panel.getByRole('link', { name: 'Wishlist' }).getAttribute('href')).toBe('https://dash.example/wishlist');
    await user.click(panel.getByRole('button', { name: 'Logout' }));
    await flush();
    expect(screen.queryByRole('region', { name: 'Ada Lovelace' })).toBeNull();
    // Logged out: Log In is back in the header and the footer bar, the avatar is gone.
    expect(banner().getByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Quick' })).getByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });
});

describe('popups', () => {
  test('opening login adds a frame and a history entry; closing it goes back rather than adding another', async () => {
    const user = userEvent.setup();
    const { history } = renderShell({ pathname: '/beats', search: '?genre=2', routeName: 'beats' });
    await user.click(banner().getByRole('link', { name: 'Log In' }));
    await flush();
    expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
    expect(history).toEqual(['push /beats?genre=2&login=true&frame=login']);
    await user.keyboard('{Escape}');
    expect(history).toEqual(['push /beats?genre=2&login=true&frame=login', 'back']);
  });

  test('a popup the address opened is closed by replacing its key', async () => {
    const user = userEvent.setup();
    const { history, address } = renderShell({ search: '?login=true' });
    await user.click(within(screen.getByRole('dialog', { name: 'Log in or register' })).getByRole('button', { name: 'Close' }));
    await flush();
    expect(history).toEqual(['replace /']);
    expect(address()).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the popup stack: terms over registration; Escape closes the topmost only; scroll stays locked until the last closes', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'scroll';
    const { address } = renderShell({ search: '?register=true&frame=register' });
    await flush();
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Terms & Conditions' }));
    await flush();
    expect(address()).toBe('/?register=true&frame=register%2Cterms');
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await user.keyboard('{Escape}');
    await flush();
    expect(screen.queryByRole('dialog', { name: 'Terms & Conditions' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Register or log in' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    await flush();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  test('focus stays inside the popup: Tab from the last control goes to the first', async () => {
    const user = userEvent.setup();
    renderShell({ search: '?login=true' });
    const dialog = screen.getByRole('dialog', { name: 'Log in or register' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  test('a popup kept in component state closes when the page path changes', async () => {
    const { store } = renderShell({ pathname: '/pro-membership', routeName: 'pro-membership', features: { proMembership: true } });
    const { Popup } = await import('../popup/Popup');
    const onClose = jest.fn();
    render(
      <Provider store={store}>
        <Popup title="Payment" onClose={onClose} lockScrollBelowPx={1440}>
          <button type="button">Pay</button>
        </Popup>
      </Provider>,
    );
    act(() => {
      store.dispatch(navigationArrived({ pathname: '/pro-membership', search: '?x=1', routeName: 'pro-membership', params: {}, error: null }));
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      store.dispatch(navigationArrived({ pathname: '/cart', search: '', routeName: 'cart', params: {}, error: null }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('scroll lock below a width', () => {
  const mediaWidth = (width: number) => {
    window.matchMedia = ((query: string) => {
      const max = Number(/max-width: (\d+)px/.exec(query)?.[1]);
      return { matches: width <= max, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
    }) as typeof window.matchMedia;
  };

  test.each([
    [1439, 'hidden'],
    [1440, ''],
  ])('the payment form at %i px: overflow %p', async (width, overflow) => {
    mediaWidth(width);
    const { Popup } = await import('../popup/Popup');
    const { store } = renderShell();
    render(
      <Provider store={store}>
        <Popup title="Payment" onClose={() => undefined} lockScrollBelowPx={1440}>
          <button type="button">Pay</button>
        </Popup>
      </Provider>,
    );
    await flush();
    expect(document.body.style.overflow).toBe(overflow);
  });
});

describe('toasts', () => {
  test('a notification hides after 4500 ms, the copy one after 1500 ms; the cart toast is not shown over the cart dropdown nor on the cart page', async () => {
    jest.useFakeTimers();
    const { store } = renderShell();
    act(() => void store.dispatch(notificationShown('wishlist', 'Night Drive added to your wishlist')));
    expect(screen.getByRole('status').textContent).toContain('Night Drive added to your wishlist');
    await advance(4499);
    expect(screen.getByRole('status').textContent).toContain('Night Drive');
    await advance(1);
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => void store.dispatch(notificationShown('copy', 'Copied')));
    await advance(1499);
    expect(screen.getByRole('status').textContent).toContain('Copied');
    await advance(1);
    expect(screen.getByRole('status').textContent).toBe('');

    const { cartDropdownToggled } = await import('../../../shared/features/cart/cartSlice');
    act(() => void store.dispatch(cartDropdownToggled()));
    act(() => void store.dispatch(notificationShown('cart', 'Night Drive added to cart')));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => void store.dispatch(cartDropdownToggled()));
    expect(screen.getByRole('status').textContent).toContain('Night Drive added to cart');

    act(() => void store.dispatch(navigationArrived({ pathname: '/cart', search: '', routeName: 'cart', params: {}, error: null })));
    act(() => void store.dispatch(notificationShown('cart', 'Night Drive added to cart')));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('the error toast stays 5 s, and while hovered; leaving gives it another 5 s', async () => {
    jest.useFakeTimers();
    const { store } = renderShell();
    act(() => void store.dispatch(errorToastShown('Logout failed')));
    const region = () => screen.getByRole('alert');
    expect(region().textContent).toContain('Logout failed');
    await advance(4000);
    fireEvent.mouseEnter(region().firstElementChild!);
    await advance(10_000);
    expect(region().textContent).toContain('Logout failed');
    fireEvent.mouseLeave(region().firstElementChild!);
    await advance(4999);
    expect(region().textContent).toContain('Logout failed');
    await advance(1);
    expect(region().textContent).toBe('');
  });

  test('a failed logout shows the server message in the error toast', async () => {
    const { ApiError } = await import('../../../shared/api/apiClient');
    const { store } = renderShell({
      answer: async (request) => {
        if (request.path === '/auth/logout') throw new ApiError('Session store unavailable', 503);
        return undefined;
      },
    });
    const { logoutRequested } = await import('../../../shared/features/auth/authSlice');
    act(() => void store.dispatch(logoutRequested()));
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Session store unavailable');
  });
});

describe('progress bar', () => {
  test('a page faster than 200 ms shows no bar; a slow one shows it from 200 ms, hides 500 ms after arrival', async () => {
    jest.useFakeTimers();
    let release: (() => void) | null = null;
    let slow = false;
    const { store } = renderShell({
      answer: (request) =>
        slow && request.path === '/tracks'
          ? new Promise((resolve) => (release = () => resolve({ tracks: [], total: 0 })))
          : Promise.resolve(undefined),
    });
    act(() => void store.dispatch(navigationRequested({ pathname: '/reset-password', search: '', mode: 'push' })));
    await advance(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await advance(500);
    expect(screen.queryByRole('progressbar')).toBeNull();

    slow = true;
    act(() => void store.dispatch(navigationRequested({ pathname: '/beats', search: '', mode: 'push' })));
    await advance(199);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await advance(1);
    expect(screen.getByRole('progressbar').getAttribute('data-phase')).toBe('running');
    await advance(3000);
    release!();
    await advance(0);
    expect(screen.getByRole('progressbar').getAttribute('data-phase')).toBe('done');
    await advance(499);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await advance(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test('a page that fails turns the bar to the failure colour', async () => {
    jest.useFakeTimers();
    const { ApiError } = await import('../../../shared/api/apiClient');
    const { store } = renderShell({
      // Under fake timers: the page's API fails after 1 s, the slow failure the bar's phases are timed against.
      answer: () => new Promise((_, reject) => setTimeout(() => reject(new ApiError('Down', 503)), 1000)),
    });
    act(() => void store.dispatch(navigationRequested({ pathname: '/product/7', search: '', mode: 'push' })));
    await advance(200);
    expect(screen.getByRole('progressbar').getAttribute('data-phase')).toBe('running');
    await advance(800);
    expect(screen.getByRole('progressbar').getAttribute('data-phase')).toBe('failed');
  });
});

describe('announcement bar', () => {
  test('in December it offers the coupon; a click copies the code and shows the copy toast', async () => {
    const copied: string[] = [];
    renderShell({ now: new Date('2026-12-05T10:00:00Z'), clipboard: { writeText: async (text) => void copied.push(text) } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /30% off everything until 31 December with coupon code december30/ }));
    await flush();
    expect(copied).toEqual(['december30']);
    expect(screen.getByRole('status').textContent).toContain('Coupon code december30 copied to the clipboard');
  });

  test('a browser that refuses the clipboard still tells the code, in the error toast', async () => {
    renderShell({ now: new Date('2026-12-31T23:00:00Z'), clipboard: { writeText: () => Promise.reject(new Error('NotAllowedError')) } });
    await userEvent.setup().click(screen.getByRole('button', { name: /coupon code december30/ }));
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Could not copy; the coupon code is december30');
  });

  test('outside December there is no bar', () => {
    renderShell({ now: new Date('2026-11-30T23:00:00Z') });
    expect(screen.queryByRole('complementary', { name: 'Sale' })).toBeNull();
  });
});

describe('feature flags', () => {
  test('/pro-membership is a 404 while the flag is off', async () => {
    const { store } = renderShell();
    act(() => void store.dispatch(navigationRequested({ pathname: '/pro-membership', search: '', mode: 'push' })));
    await flush();
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
  });

  test('with the flag on, /pro-membership loads the product and Buy opens the purchase popup as a frame', async () => {
    const user = userEvent.setup();
    const { aProduct } = await import('../../../test/helpers/fixtures');
    const { aCart, aCartItem } = await import('../../../test/helpers/cartFixtures');
    let added = false;
    const { store, requests, address } = renderShell({
      features: { proMembership: true },
      answer: async (request) => {
        if (request.path === '/tracks/promembership') return aProduct({ id: 900, name: 'PRO Membership', productType: 'promembership', finalPrice: 99 });
        if (request.path === '/ecommerce/cart' && request.method === 'POST') {
          added = true;
          return { status: 'ok' };
        }
        if (request.path === '/ecommerce/cart') return aCart(added ? [aCartItem({ id: 900, name: 'PRO Membership', productType: 'promembership', finalPrice: 99 })] : []);
        return undefined;
      },
    });
    act(() => void store.dispatch(navigationRequested({ pathname: '/pro-membership', search: '', mode: 'push' })));
    await flush();
    expect(requests.some((request) => request.path === '/tracks/promembership')).toBe(true);
    expect(screen.getByRole('heading', { name: 'PRO Membership', level: 1 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await flush();
    expect(address()).toBe('/pro-membership?frame=pro-purchase');
    const dialog = within(screen.getByRole('dialog', { name: 'PRO Membership' }));
    expect(dialog.getByText('$99.00')).toBeTruthy();

    store.runSaga(cartSagas);
    await flush();
    await user.click(dialog.getByRole('button', { name: 'Add to cart' }));
    await flush();
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/ecommerce/cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(banner().getByRole('button', { name: 'Cart, 1 item' }));
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getByText('PRO Membership')).toBeTruthy();
  });

  test('producer pages are a 404 while their flag is off', async () => {
    const { store } = renderShell({ features: { producerPage: false } });
    act(() => void store.dispatch(navigationRequested({ pathname: '/nova-kade', search: '', mode: 'push' })));
    await flush();
    expect(screen.getByRole('heading', { name: 'Page not found (404)' })).toBeTruthy();
  });
});

describe('Custom order for a guest', () => {
  test('opens login carrying the services address; dismissing the login goes back to the page without either', async () => {
    const user = userEvent.setup();
    const { store, history, address } = renderShell({ pathname: '/beats', routeName: 'beats' });
    await user.click(banner().getByRole('button', { name: 'Custom order' }));
    await flush();
    expect(screen.getByRole('dialog', { name: 'Log in or register' })).toBeTruthy();
    expect(address()).toBe('/beats?login=true&services=https%3A%2F%2Fdash.example%2Fservices&frame=login%2Cservices');
    await user.keyboard('{Escape}');
    // The browser's popstate has come back and the page it returns to has arrived.
    await act(async () => void (await storeUntil(store, (state) => state.navigation.search === '' && state.navigation.pending === null)));
    expect(history.at(-1)).toBe('back');
    expect(address()).toBe('/beats');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
