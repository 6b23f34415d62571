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
