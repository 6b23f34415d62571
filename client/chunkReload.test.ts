import { isChunkLoadFailure, reloadAfterChunkFailure } from './chunkReload';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const chunkError = () => Object.assign(new Error('Loading chunk 7 failed.\n(error: /assets/7.js)'), { name: 'ChunkLoadError' });

describe('chunk-load failure', () => {
  test('recognises chunk failures and nothing else', () => {
    expect(isChunkLoadFailure(chunkError())).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadFailure(new Error('boom'))).toBe(false);
    expect(isChunkLoadFailure('Loading chunk 1 failed')).toBe(false);
  });

  test('reloads at most once per minute', () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    expect(reloadAfterChunkFailure(storage, 1_000_000, reload)).toBe(true);
    expect(reloadAfterChunkFailure(storage, 1_000_000 + 59_999, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkFailure(storage, 1_000_000 + 60_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
