/** @jest-environment jsdom */
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { homeTracksLoaded } from '../shared/features/catalogue/catalogueSlice';
import { navigationArrived } from '../shared/features/navigation/navigationSlice';
import { makeStore } from '../shared/store/makeStore';
import { aTrack } from '../test/helpers/fixtures';
import { ShopRoot, type ShopPorts } from './ShopRoot';

const ports: ShopPorts = { loadCaptchaWidget: async () => undefined, beatUploader: null, deliveryUploader: null, avatarUploader: null, sessionImporter: null };
const storeOf = (state?: Parameters<typeof makeStore>[0]) => makeStore(state, { sagaContext: { api: { request: async () => ({}) as never }, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) } });
const beat = (id: number) => aTrack({ id, name: `Beat ${id}`, producer: { id: 1, artistName: 'Nova Kade', producerUrl: 'nova-kade' } });

test('hydration renders the state the server rendered, though the sagas changed the store before it began; the change shows after', async () => {
  const server = storeOf();
  server.dispatch(navigationArrived({ pathname: '/', search: '', routeName: 'index', params: {}, error: null }));
  server.dispatch(homeTracksLoaded({ category: 'new', tracks: [beat(1)] }));
  const serverState = server.getState();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ShopRoot store={server} serverState={serverState} ports={ports} />);
  document.body.append(container);
  expect(container.textContent).toContain('Beat 1');

  // The browser's store starts from the same state; an answer arrives before the page's chunk does.
  const browser = storeOf(serverState);
  browser.dispatch(homeTracksLoaded({ category: 'new', tracks: [beat(2)] }));
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <ShopRoot store={browser} serverState={serverState} ports={ports} />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  expect(mismatches).toEqual([]);
  expect(container.textContent).toContain('Beat 2');
  expect(container.textContent).not.toContain('Beat 1');
});
