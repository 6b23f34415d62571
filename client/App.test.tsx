/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient } from '../shared/api/apiClient';
import { navigationArrived } from '../shared/features/navigation/navigationSlice';
import { homeTracksLoaded } from '../shared/features/catalogue/catalogueSlice';
import type { Track } from '../shared/schemas/track';
import { makeStore } from '../shared/store/makeStore';
import { watchNavigation } from '../sagas/navigation/navigationSaga';
import { aTrack } from '../test/helpers/fixtures';
import { App } from './App';

const track = (id: number, overrides: Partial<Track> = {}) =>
  aTrack({ id, name: `Beat ${id}`, finalPrice: 249.99, key: 'F#', producer: { id: 1, artistName: 'Nova Kade', producerUrl: 'nova-kade' }, ...overrides });

function renderApp(setup: (store: ReturnType<typeof makeStore>) => void) {
  const pushed: string[] = [];
  const api: ApiClient = { request: async <T,>() => ({ tracks: [track(9)], total: 1 }) as T };
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: (url) => pushed.push(url), replace: () => undefined }, now: () => new Date(0) },
  });
  store.runSaga(watchNavigation);
  setup(store);
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  return { store, pushed };
}

const arrive = (error: { statusCode: number; message: string; noRoute: boolean } | null, routeName: string | null = 'index') =>
  navigationArrived({ pathname: '/', search: '', routeName, params: {}, error });

describe('App', () => {
  test('the home page lists tracks with producer, key and price; sold ones say so', () => {
    renderApp((store) => {
      store.dispatch(arrive(null));
      store.dispatch(homeTracksLoaded({ category: 'new', tracks: [track(1), track(2, { isSold: true, scale: 'major', key: 'C' })] }));
    });
    expect(screen.getByRole('heading', { name: 'Beats from independent producers' })).toBeTruthy();
    const items = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('F#m');
    expect(items[0]!.textContent).toContain('$249.99');
    expect(items[1]!.textContent).toContain('Sold');
    expect(items[1]!.textContent).toMatch(/· C(?!m)/);
    expect(within(screen.getByRole('main')).getAllByRole('link', { name: 'Nova Kade' })[0]!.getAttribute('href')).toBe('/nova-kade');
  });

  test.each([
    [{ statusCode: 404, message: 'This page could not be found', noRoute: true }, ['Page not found (404)', 'This page could not be found']],
    [{ statusCode: 404, message: 'Page not found', noRoute: false }, ['Page not found (404)']],
    [{ statusCode: 500, message: 'Unknown middleware teleport', noRoute: false }, ['Server error (500)', 'Unknown middleware teleport']],
    [{ statusCode: 403, message: 'Forbidden', noRoute: false }, ['Error!']],
  ])('the error page for %p', (error, texts) => {
    renderApp((store) => store.dispatch(arrive(error)));
    expect(screen.getByRole('heading', { name: 'Opps!' })).toBeTruthy();
    for (const text of texts) expect(screen.getByText(text)).toBeTruthy();
    if (!error.noRoute) expect(screen.queryByText('This page could not be found')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
  });

  test('a page that fails to render shows the 500 error page in the shell, not the last-resort text; another page renders again', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = { ...track(1), producer: undefined } as unknown as Track;
      const { store } = renderApp((s) => {
        s.dispatch(arrive(null));
        s.dispatch(homeTracksLoaded({ category: 'new', tracks: [broken] }));
      });
      expect(screen.getByRole('heading', { name: 'Opps!' })).toBeTruthy();
      expect(screen.getByText('Server error (500)')).toBeTruthy();
      expect(screen.queryByText('An error occurred while showing the error page')).toBeNull();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      act(() => {
        store.dispatch(navigationArrived({ pathname: '/for-sellers', search: '', routeName: 'for-sellers', params: {}, error: null }));
      });
      expect(screen.getByRole('heading', { level: 1, name: 'How it works for sellers' })).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });

  test('following a header link navigates in the app and then updates the address bar', async () => {
    const user = userEvent.setup();
    const { pushed } = renderApp((s) => s.dispatch(arrive(null)));
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'For sellers' }));
    await act(async () => undefined);
    expect(screen.getByRole('heading', { level: 1, name: 'How it works for sellers' })).toBeTruthy();
    expect(pushed).toEqual(['/for-sellers']);
  });
});
