/** @jest-environment jsdom */
import { safeStorage } from './safeStorage';

const quotaExceeded = () => {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};

describe('safeStorage', () => {
  afterEach(() => jest.restoreAllMocks());

  test('reads and writes the real storage when the browser allows it', () => {
    const local = safeStorage('localStorage');
    local.setItem('beatcrate.test', 'kept');
    expect(window.localStorage.getItem('beatcrate.test')).toBe('kept');
    expect(local.getItem('beatcrate.test')).toBe('kept');
    local.removeItem('beatcrate.test');
    expect(local.getItem('beatcrate.test')).toBeNull();
  });

  test('a storage the browser blocks reads as empty and forgets writes instead of throwing', () => {
    const blocked = Object.defineProperty({}, 'sessionStorage', {
      get: () => {
        throw new DOMException("Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
      },
    }) as Window;
    const storage = safeStorage('sessionStorage', blocked);
    expect(storage.getItem('key')).toBeNull();
    expect(() => storage.setItem('key', 'value')).not.toThrow();
    expect(() => storage.removeItem('key')).not.toThrow();
  });

  test('a full storage, or one whose every call throws, does not stop the page', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(quotaExceeded);
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(quotaExceeded);
    const local = safeStorage('localStorage');
    expect(() => local.setItem('beatcrate.cart.coupon', 'nova10')).not.toThrow();
    expect(local.getItem('beatcrate.cart.coupon')).toBeNull();
  });
});
