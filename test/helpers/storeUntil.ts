import type { RootState } from '../../shared/store/rootReducer';

interface ObservedStore {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
}

/** The store's state once `holds` is true of it: waits for what the user would wait for, no clock. */
export function storeUntil(store: ObservedStore, holds: (state: RootState) => boolean): Promise<RootState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = store.getState();
      if (!holds(state)) return false;
      unsubscribe();
      resolve(state);
      return true;
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}
