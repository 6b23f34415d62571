import { configureStore } from '@reduxjs/toolkit';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { App } from '../../client/App';
import { loadEveryPage } from '../../client/pageRegistry';
import { selectLanguage } from '../../shared/features/i18n/i18nSlice';
import { rootReducer, type RootState } from '../../shared/store/rootReducer';
import { type ClientAssets, replayFrameDocument } from './htmlDocument';

/**
 * The storefront as a buyer's tab showed it at a replayed step: the same components rendered from
 * the replayed state, in a store with no saga middleware, so rendering cannot start a request.
 */
export async function renderReplayFrame(state: RootState, assets: ClientAssets): Promise<string> {
  await loadEveryPage();
  const store = configureStore({ reducer: rootReducer, preloadedState: state, middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }) });
  const appHtml = renderToString(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  return replayFrameDocument({ title: 'Replayed session', language: selectLanguage(state), appHtml, assets });
}

/**
 * The frame's Content-Security-Policy. The page is drawn from a state a buyer's browser wrote, so
 * it loads images from this site and its file host (FILES_URL) and `data:` only: an image address
 * planted in a log cannot make a staff member's browser tell a stranger's server who looked, and
 * when. No script runs (none is sent), and only the console (this site) may frame it.
 */
export function replayFramePolicy(filesUrl: string): string {
  const images = ["'self'", 'data:', ...(filesUrl ? [filesUrl] : [])].join(' ');
  return `default-src 'none'; style-src 'self'; img-src ${images}; font-src 'self'; frame-ancestors 'self'`;
}
