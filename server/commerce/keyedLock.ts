import { AsyncLock } from '../db/asyncLock';

/**
 * One FIFO lock per key. Commands on one stream from this process queue here instead of
 * racing to the event store, where all but one would lose and decide again; writers in other
 * processes are still kept apart by the store's optimistic concurrency.
 */
export class KeyedLock {
  private readonly locks = new Map<string, { lock: AsyncLock; users: number }>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let entry = this.locks.get(key);
    if (!entry) {
      entry = { lock: new AsyncLock(), users: 0 };
      this.locks.set(key, entry);
    }
    entry.users++;
    try {
      return await entry.lock.run(work);
    } finally {
      entry.users--;
      if (entry.users === 0) this.locks.delete(key);
    }
  }
}
