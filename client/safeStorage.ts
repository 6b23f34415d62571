/** A browser storage as the page uses it: reads that may find nothing, writes that may not last. */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * localStorage or sessionStorage that never throws. Browsers refuse them in many ways: reading
 * the property throws when site data is blocked, a full or private-mode storage throws on write,
 * and some embeddings have none. Remembered values are conveniences (a coupon, the volume, the
 * tab's log id), so a refusal reads as nothing stored and a write is forgotten; the page runs on.
 */
export function safeStorage(name: 'localStorage' | 'sessionStorage', target: Window = window): SafeStorage {
  const attempt = <T,>(use: (storage: Storage) => T, fallback: T): T => {
    try {
      return use(target[name]);
    } catch {
      return fallback;
    }
  };
  return {
    getItem: (key) => attempt((storage) => storage.getItem(key), null),
    setItem: (key, value) => attempt((storage) => storage.setItem(key, value), undefined),
    removeItem: (key) => attempt((storage) => storage.removeItem(key), undefined),
  };
}
