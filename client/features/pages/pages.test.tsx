/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { type ApiClient, ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { soundServicesLoaded } from '../../../shared/features/pages/pagesSlice';
import { productPageLoaded } from '../../../shared/features/product/productSlice';
import { makeStore } from '../../../shared/store/makeStore';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { pageSagas } from '../../../sagas/pages/pageSagas';
import { popupSagas } from '../../../sagas/auth/popupSagas';
import { aProduct } from '../../../test/helpers/fixtures';
import { App } from '../../App';
import { CONTACT_SENT } from './ContactsPage';
import { REPORT_SENT } from './ReportViolation';
import { SUBSCRIBED } from './SubscribeForm';

const product = aProduct();

/** The app at `pathname`, with an API that records POSTs and answers them with `answer`. */
function renderAt(pathname: string, routeName: string, options: { search?: string; answer?: (request: ApiRequest) => Promise<unknown> } = {}) {
  const posts: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      if (request.method === 'POST') posts.push(request);
      // Opening a popup is a navigation, which loads the product page again.
      if (request.method === 'GET' && request.path === '/tracks/42') return product as T;
      return ((await options.answer?.(request)) ?? { status: 'ok' }) as T;
    },
  };
  const search = options.search ?? '';
  // The address bar's entries: what push and replace leave in it.
  const entries = [`${pathname}${search}`];
  const history = {
    push: (url: string) => void entries.push(url),
    replace: (url: string) => void (entries[entries.length - 1] = url),
  };
  const store = makeStore(undefined, { sagaContext: { api, history, now: () => new Date(0) } });
  store.runSaga(watchNavigation);
  store.runSaga(pageSagas);
  store.runSaga(popupSagas);
  store.dispatch(
    navigationArrived({ pathname, search, routeName, params: routeName === 'product-id' ? { id: '42' } : {}, error: null }),
  );
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  /** What the address bar shows. */
  const address = () => entries[entries.length - 1];
  return { store, posts, address };
}

const settle = () => act(async () => undefined);

describe('contact form', () => {
  test('checks the fields with the shared rules, sends them, and confirms', async () => {
    const user = userEvent.setup();
    const { posts } = renderAt('/contacts', 'contacts');
    const form = screen.getByRole('form', { name: 'Contact form' });
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(within(form).getByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Message is required')).toBeTruthy();
    expect(posts).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Mara Quinn');
    await user.type(within(form).getByLabelText('Email'), 'mara@example');
    expect(within(form).getByText('Email must be a valid email address')).toBeTruthy();
    await user.type(within(form).getByLabelText('Email'), '.com');
    await user.type(within(form).getByLabelText('Subject'), 'Licensing');
    await user.type(within(form).getByLabelText('Message'), 'Can I use my beat in a film?');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await settle();

    expect(posts).toEqual([
      {
        method: 'POST',
        path: '/pages/contact',
        body: { name: 'Mara Quinn', email: 'mara@example.com', subject: 'Licensing', message: 'Can I use my beat in a film?' },
      },
    ]);
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toContain(CONTACT_SENT);
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeTruthy();
  });

  test('shows the server’s refusal above the form and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderAt('/contacts', 'contacts', {
      answer: async () => {
        throw new ApiError('Too many messages from this address; try again in 15 minutes', 429);
      },
    });
    const form = screen.getByRole('form', { name: 'Contact form' });
    await user.type(within(form).getByLabelText('Name'), 'Mara');
    await user.type(within(form).getByLabelText('Email'), 'mara@example.com');
    await user.type(within(form).getByLabelText('Subject'), 'Hello');
    await user.type(within(form).getByLabelText('Message'), 'A long enough message');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await settle();
    expect(within(form).getByRole('alert').textContent).toContain('Too many messages from this address; try again in 15 minutes');
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Mara');
  });
});

describe('subscribe form', () => {
  test('is in the footer, sends the email and thanks the visitor', async () => {
    const user = userEvent.setup();
    const { posts } = renderAt('/', 'index');
    const footer = screen.getByRole('contentinfo');
    const form = within(footer).getByRole('form', { name: 'Newsletter' });
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(within(form).getByText('Email is required')).toBeTruthy();
    await user.type(within(form).getByLabelText('Email'), 'fan@example.com');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    await settle();
    expect(posts).toEqual([{ method: 'POST', path: '/pages/subscribe', body: { email: 'fan@example.com' } }]);
    expect(within(footer).getByRole('status').textContent).toBe(SUBSCRIBED);
  });

  test('a connection failure says so', async () => {
    const user = userEvent.setup();
    renderAt('/', 'index', {
      answer: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const form = screen.getByRole('form', { name: 'Newsletter' });
    await user.type(within(form).getByLabelText('Email'), 'fan@example.com');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    await settle();
    expect(within(form).getByRole('alert').textContent).toContain('Could not reach Beatcrate');
  });
});

describe('report a violation', () => {
  function renderProduct() {
    const rendered = renderAt('/product/42', 'product-id');
    act(() => void rendered.store.dispatch(productPageLoaded(product)));
    return rendered;
  }

  test('the product page’s button opens the popup as the report frame; it validates, sends and confirms', async () => {
    const user = userEvent.setup();
    const { posts, address } = renderProduct();
    await user.click(screen.getByRole('button', { name: 'Report a violation' }));
    await settle();
    expect(address()).toBe('/product/42?frame=report');
    const dialog = screen.getByRole('dialog', { name: 'Report a violation' });

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason for the report')).toBeTruthy();
    expect(within(dialog).getByText('Details is required')).toBeTruthy();
    expect(within(dialog).getByText('Email is required')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Copyright infringement');
    await user.type(within(dialog).getByLabelText('Details'), 'This copies my song Low Tide.');
    await user.type(within(dialog).getByLabelText('Your email'), 'owner@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await settle();

    expect(posts).toEqual([
      {
        method: 'POST',
        path: '/tracks/report',
        body: { productId: 42, reason: 'copyright', details: 'This copies my song Low Tide.', email: 'owner@example.com' },
      },
    ]);
    expect(within(dialog).getByRole('status').textContent).toContain(REPORT_SENT);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await settle();
    expect(address()).toBe('/product/42');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Escape closes only the report frame and keeps the other query keys', async () => {
    const user = userEvent.setup();
    const rendered = renderAt('/product/42', 'product-id', { search: '?frame=terms,report&x=1' });
    act(() => void rendered.store.dispatch(productPageLoaded(product)));
    expect(screen.getByRole('dialog', { name: 'Report a violation' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await settle();
    expect(rendered.address()).toBe('/product/42?frame=terms&x=1');
    expect(screen.queryByRole('dialog', { name: 'Report a violation' })).toBeNull();
  });
});

describe('content pages', () => {
  test('a seller page in Russian: Russian heading and tabs that keep ?language=ru', async () => {
    const { store } = renderAt('/for-sellers/rules', 'for-sellers-rules', { search: '?language=ru' });
    await act(async () => {
      store.dispatch({ type: 'i18n/languageChanged', payload: 'ru' });
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Правила публикации' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Продавцам' });
    expect(within(tabs).getByRole('link', { name: 'Продажи' }).getAttribute('href')).toBe('/for-sellers/sales?language=ru');
    expect(within(tabs).getByRole('link', { name: 'Правила публикации' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Правила публикации | Beatcrate');
  });

  test('a blog article shows its heading, date and the other articles', () => {
    renderAt('/what-is-beat-ghost-production', 'what-is-beat-ghost-production');
    expect(screen.getByRole('heading', { level: 1, name: 'What is beat ghost production?' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What to put in the agreement' })).toBeTruthy();
    const more = screen.getByRole('complementary', { name: 'More from the blog' });
    expect(within(more).getAllByRole('link')).toHaveLength(7);
    expect(document.title).toBe('What is beat ghost production? | Beatcrate');
  });

  test('/services lists the loaded services with prices', () => {
    const { store } = renderAt('/services', 'services');
    act(() =>
      void store.dispatch(
        soundServicesLoaded([{ id: 2, slug: 'mastering', name: 'Mastering', description: 'Loud and clear.', priceUsd: 59, deliveryDays: 3 }]),
      ),
    );
    const list = screen.getByRole('list', { name: 'Services' });
    expect(within(list).getByRole('heading', { name: 'Mastering' })).toBeTruthy();
    expect(list.textContent).toContain('from $59');
    expect(list.textContent).toContain('delivery in about 3 working days');
  });

  test('/privacy-policy shows its effective date and contact link', () => {
    renderAt('/privacy-policy', 'privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Effective June 1, 2022')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us page' }).getAttribute('href')).toBe('/contacts');
  });
});
