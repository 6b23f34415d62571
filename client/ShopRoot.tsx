import { Component, type ComponentProps, type ReactNode, StrictMode } from 'react';
import { Provider } from 'react-redux';
import type { RootState } from '../shared/store/rootReducer';
import type { AppStore } from '../shared/store/makeStore';
import { App } from './App';
import { reloadIfChunkFailure } from './chunkReload';
import { CaptchaWidgetLoader } from './features/captcha/CaptchaField';
import { AvatarUploaderContext } from './features/account/avatarUploaderContext';
import { DeliveryUploaderContext } from './features/customOrders/deliveryUploaderContext';
import { ErrorPageFallback } from './features/errorPage/ErrorPage';
import { BeatUploaderContext } from './features/studio/beatUploaderContext';
import { SessionImporterContext } from './features/support/sessionImporterContext';

class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    // A lazily loaded part that failed to arrive: the window handler reloads (at most once a minute).
    reloadIfChunkFailure(error);
  }
  override render() {
    return this.state.failed ? <ErrorPageFallback /> : this.props.children;
  }
}

/** The browser's parts that components reach through context rather than through the store. */
export interface ShopPorts {
  loadCaptchaWidget: ComponentProps<typeof CaptchaWidgetLoader.Provider>['value'];
  beatUploader: ComponentProps<typeof BeatUploaderContext.Provider>['value'];
  deliveryUploader: ComponentProps<typeof DeliveryUploaderContext.Provider>['value'];
  avatarUploader: ComponentProps<typeof AvatarUploaderContext.Provider>['value'];
  sessionImporter: ComponentProps<typeof SessionImporterContext.Provider>['value'];
}

/**
 * The shop as the browser hydrates it. `serverState` is the state the server rendered: hydration
 * renders it, whatever the sagas changed in the store meanwhile (the account stream's first
 * message, a remembered coupon), so the first render matches the server's HTML; React then
 * renders the store's current state over it.
 */
export function ShopRoot({ store, serverState, ports }: { store: AppStore; serverState: RootState; ports: ShopPorts }) {
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        <ErrorBoundary>
          <CaptchaWidgetLoader.Provider value={ports.loadCaptchaWidget}>
            <BeatUploaderContext.Provider value={ports.beatUploader}>
              <DeliveryUploaderContext.Provider value={ports.deliveryUploader}>
                <AvatarUploaderContext.Provider value={ports.avatarUploader}>
                  <SessionImporterContext.Provider value={ports.sessionImporter}>
                    <App />
                  </SessionImporterContext.Provider>
                </AvatarUploaderContext.Provider>
              </DeliveryUploaderContext.Provider>
            </BeatUploaderContext.Provider>
          </CaptchaWidgetLoader.Provider>
        </ErrorBoundary>
      </Provider>
    </StrictMode>
  );
}
