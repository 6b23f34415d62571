import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/schema';

export interface GroupCommitOptions {
  /** How long the first item of a group waits for others before the group takes the write lock. */
  windowMs: number;
  /** Items in one transaction at most; more wait for the next one. */
  maxItems: number;
  /**
   * Whether an error thrown by one item is that item's refusal (its own writes are rolled back,
   * the others commit), as opposed to a failure of the transaction itself, which fails them all.
   */
  isRefusal(error: unknown): boolean;
}

interface Pending<I, O> {
  item: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * Group commit: items submitted while a group gathers, or while the write lock is busy, are
 * stored in one write transaction, each inside a savepoint of its own, and made durable by one
 * commit (one fsync). Each item runs as if alone, in the order submitted (an item sees what the
 * ones before it wrote, as it would after their commits); an item refused rolls back to its
 * savepoint and only its caller hears of it. Every caller is answered only after the commit, so
 * nothing acknowledged can be lost; if the transaction fails, every caller of the group gets the
 * error and nothing of the group was stored.
 */
export class GroupCommit<I, O> {
  private readonly queue: Array<Pending<I, O>> = [];
  private gathering = false;

  constructor(
    private readonly database: Pick<Database, 'transaction'>,
    private readonly run: (tx: Transaction<Tables>, item: I) => Promise<O>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.gathering) {
        this.gathering = true;
        setTimeout(() => void this.flush(), this.options.windowMs);
      }
    });
  }

  private async flush(): Promise<void> {
    let group: Array<Pending<I, O>> = [];
    const outcomes: Array<{ output: O } | { error: unknown }> = [];
    try {
      await this.database.transaction(async (tx) => {
        // Taken once the lock is ours: whatever arrived while it was busy joins this commit.
        group = this.queue.splice(0, this.options.maxItems);
        this.gathering = false;
        if (this.queue.length > 0) this.gatherNext();
        for (const pending of group) {
          await sql`SAVEPOINT group_commit_item`.execute(tx);
          try {
            outcomes.push({ output: await this.run(tx, pending.item) });
            await sql`RELEASE SAVEPOINT group_commit_item`.execute(tx);
          } catch (error) {
            if (!this.options.isRefusal(error)) throw error;
            await sql`ROLLBACK TO SAVEPOINT group_commit_item`.execute(tx);
            await sql`RELEASE SAVEPOINT group_commit_item`.execute(tx);
            outcomes.push({ error });
          }
        }
      });
    } catch (error) {
      // Nothing of the group was committed: every caller hears why and may send its item again.
      if (group.length === 0) {
        // The lock was never ours (the database closed): the queue keeps its order for no one.
        group = this.queue.splice(0);
        this.gathering = false;
      }
      for (const pending of group) pending.reject(error);
      return;
    }
    group.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if ('output' in outcome) pending.resolve(outcome.output);
      else pending.reject(outcome.error);
    });
  }

  private gatherNext(): void {
    this.gathering = true;
    setTimeout(() => void this.flush(), this.options.windowMs);
  }
}
