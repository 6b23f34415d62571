/** @jest-environment jsdom */
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient, ApiRequest } from '../../../shared/api/apiClient';
import { beatsFiltersChanged } from '../../../shared/features/catalogue/catalogueSlice';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../../shared/store/makeStore';
import { beatsSagas } from '../../../sagas/catalogue/beatsSagas';
import { watchNavigation } from '../../../sagas/navigation/navigationSaga';
import { tagSearchSaga } from '../../../sagas/tagSearch/tagSearchSaga';
import { App } from '../../App';
import { TagSearch } from './TagSearch';

const KNOWN_TAGS = ['trap', 'drill', 'lofi', 'dancehall', 'r&b'];

function setup(search = '', options: { desktop?: boolean; app?: boolean; routeName?: string; searchAnswer?: () => Promise<unknown> } = {}) {
  const requests: ApiRequest[] = [];
  const api: ApiClient = {
    request: async <T,>(request: ApiRequest) => {
      requests.push(request);
      if (request.path === '/tags/top') return ['trap', 'drill', 'lofi'] as T;
      if (request.path === '/tags/search') {
        if (options.searchAnswer) return (await options.searchAnswer()) as T;
        return KNOWN_TAGS.filter((tag) => tag.startsWith(String(request.query?.tags))) as T;
      }
      if (request.path === '/tracks') return { tracks: [], total: 0 } as T;
      return [] as T;
    },
  };
  const changes: string[][] = [];
  const pathname = options.routeName === 'cart' ? '/cart' : '/beats';
  // The address bar's entries: what push and replace leave in it.
  const entries = [`${pathname}${search}`];
  const history = {
    push: (url: string) => void entries.push(url),
    replace: (url: string) => void (entries[entries.length - 1] = url),
  };
  const store = makeStore(undefined, {
    sagaContext: { api, history, now: () => new Date(0) },
    middleware: [
      () => (next) => (action) => {
        if (beatsFiltersChanged.match(action as UnknownAction)) changes.push((action as ReturnType<typeof beatsFiltersChanged>).payload.tags);
        return next(action);
      },
    ],
  });
  store.runSaga(watchNavigation);
  store.runSaga(beatsSagas);
  store.runSaga(tagSearchSaga);
  store.dispatch(navigationArrived({ pathname, search, routeName: options.routeName ?? 'beats', params: {}, error: null }));
  render(<Provider store={store}>{options.app ? <App /> : <TagSearch desktop={options.desktop ?? true} />}</Provider>);
  /** What the address bar shows. */
  const address = () => entries[entries.length - 1];
  return { requests, changes, address, user: userEvent.setup() };
}

const input = () => screen.getByRole('combobox', { name: 'Search tags' }) as HTMLInputElement;
const chips = () => screen.queryAllByRole('button', { name: /^Remove tag / }).map((button) => button.getAttribute('aria-label'));
/** Lets the /beats navigation the filter change started arrive. */
const settle = () => act(async () => undefined);

describe('tag search', () => {
  test('the header shows it on /beats only', () => {
    setup('', { app: true });
    expect(screen.getByRole('combobox', { name: 'Search tags' })).toBeTruthy();
  });

  test('the header has no tag search off /beats', () => {
    setup('', { app: true, routeName: 'cart' });
    expect(screen.queryByRole('combobox', { name: 'Search tags' })).toBeNull();
  });

  test('Enter adds the typed tag to the URL, keeping the other filters, and empties the input', async () => {
    const { address, user } = setup('?sortby=price-to-low');
    await user.type(input(), '  Trap {Enter}');
    await settle();
    expect(chips()).toEqual(['Remove tag Trap']);
    expect(address()).toBe('/beats?tags=Trap&sortby=price-to-low');
    expect(input().value).toBe('');
  });

  test('clicking an autocomplete suggestion adds it; popular tags show while the input is empty', async () => {
    const { address, user, requests } = setup();
    await user.click(input());
    const popular = await screen.findByRole('listbox', { name: 'Popular tags' });
    expect(within(popular).getAllByRole('option').map((option) => option.textContent)).toEqual(['trap', 'drill', 'lofi']);
    await user.type(input(), 'DR');
    expect(requests.filter((request) => request.path === '/tags/search').map((request) => request.query?.tags)).toEqual(['d', 'dr']);
    await user.click(await screen.findByRole('option', { name: 'drill' }));
    await settle();
    expect(chips()).toEqual(['Remove tag drill']);
    expect(address()).toBe('/beats?tags=drill');
    expect(within(screen.getByRole('listbox', { name: 'Popular tags' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'trap',
      'lofi',
    ]);
  });

  test('a tag already selected is not added again, whatever its case, nor suggested', async () => {
    const { user, changes } = setup('?tags=trap');
    await user.type(input(), 'tr');
    expect(screen.queryByRole('option', { name: 'trap' })).toBeNull();
    await user.clear(input());
    await user.type(input(), 'TRAP{Enter}');
    await settle();
    expect(changes).toEqual([]);
    expect(chips()).toEqual(['Remove tag trap']);
  });

  test('Backspace on an empty input removes the last tag', async () => {
    const { address, user } = setup('?tags=trap,drill');
    await user.type(input(), 'x{Backspace}');
    expect(chips()).toEqual(['Remove tag trap', 'Remove tag drill']);
    await user.keyboard('{Backspace}');
    await settle();
    expect(chips()).toEqual(['Remove tag trap']);
    expect(address()).toBe('/beats?tags=trap');
  });

  test('the close icon removes its tag', async () => {
    const { address, user } = setup('?tags=trap,drill,lofi');
    await user.click(screen.getByRole('button', { name: 'Remove tag drill' }));
    await settle();
    expect(chips()).toEqual(['Remove tag trap', 'Remove tag lofi']);
    expect(address()).toBe('/beats?tags=trap,lofi');
  });

  test('the input is hidden once 3 tags are selected', async () => {
    const { user } = setup('?tags=trap,drill');
    await user.type(input(), 'lofi{Enter}');
    await settle();
    expect(chips()).toHaveLength(3);
    expect(screen.queryByRole('combobox', { name: 'Search tags' })).toBeNull();
  });

  test('the input takes at most 30 characters', async () => {
    const { user } = setup();
    await user.type(input(), 'a'.repeat(35));
    expect(input().value).toBe('a'.repeat(30));
  });

  test('on desktop other characters are blocked', async () => {
    const { user } = setup('', { desktop: true });
    expect(fireEvent.keyDown(input(), { key: '#' })).toBe(false);
    expect(fireEvent.keyDown(input(), { key: 'a' })).toBe(true);
    await user.type(input(), "r&b, it's #1!");
    expect(input().value).toBe("r&b it's 1");
  });

  test('on tablet other characters are stripped from the value', async () => {
    const { user } = setup('', { desktop: false });
    expect(fireEvent.keyDown(input(), { key: '#' })).toBe(true);
    await user.type(input(), "r&b, it's #1!");
    expect(input().value).toBe("r&b it's 1");
    await user.clear(input());
    await user.paste('lo-fi/chill');
    expect(input().value).toBe('lofichill');
  });

  test('ArrowDown and Enter pick a suggestion; Escape closes the list', async () => {
    const { user } = setup();
    await user.type(input(), 'd');
    await screen.findByRole('option', { name: 'dancehall' });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'drill' }).getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'drill' }).id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}{Enter}');
    await settle();
    expect(chips()).toEqual(['Remove tag drill']);
  });

  test('a slow autocomplete shows a loader', async () => {
    const { user } = setup('', { searchAnswer: () => new Promise(() => undefined) });
    await user.type(input(), 'tr');
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByRole('status')).toBeTruthy();
  });
});
