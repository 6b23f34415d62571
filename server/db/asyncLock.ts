/**
 * A FIFO lock. When free, `run` calls `work` synchronously, so a synchronous SQLite write
 * pays for no extra turn of the event loop.
 */
export class AsyncLock {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  async run<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.held) await new Promise<void>((resolve) => this.waiters.push(resolve));
    else this.held = true;
    try {
      return await work();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.held = false;
    }
  }
}
