export interface GroupCommitOptions {
  /** How long the first item of a group waits for others before the group is written. */
  windowMs: number;
  /** Items in one transaction at most; more wait for the next one. */
  maxItems: number;
}

/** What writing one item of a group came to: its output, or its own refusal (its writes rolled back, the others kept). */
export type ItemOutcome<O> = { output: O } | { refusal: unknown };

/**
 * Writes a group in one transaction, each item as if alone (in the order given, each seeing what
 * the ones before it wrote) and answering its outcome; throws when the transaction itself fails,
 * storing none. `take` hands over the group: called once the writer holds the write lock, so
 * items that arrived while it waited join this commit.
 */
export type GroupWriter<I, O> = (take: () => readonly I[]) => Promise<readonly ItemOutcome<O>[]>;

interface Pending<I, O> {
  item: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * Group commit: items submitted while a group gathers, or while the write lock is busy, are
 * stored in one write transaction and made durable by one commit (one fsync). Every caller is
 * answered only after the commit, so nothing acknowledged can be lost; an item refused is
 * answered with its refusal; if the transaction fails, every caller of the group gets the error
 * and nothing of the group was stored.
 */
export class GroupCommit<I, O> {
  private readonly queue: Array<Pending<I, O>> = [];
  private gathering = false;

  constructor(
    private readonly write: GroupWriter<I, O>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.gathering) this.gather();
    });
  }

  private gather(): void {
    this.gathering = true;
    setTimeout(() => void this.flush(), this.options.windowMs);
  }

  private async flush(): Promise<void> {
    let group: Array<Pending<I, O>> = [];
    let outcomes: readonly ItemOutcome<O>[];
    try {
      outcomes = await this.write(() => {
        group = this.queue.splice(0, this.options.maxItems);
        this.gathering = false;
        if (this.queue.length > 0) this.gather();
        return group.map((pending) => pending.item);
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
      else pending.reject(outcome.refusal);
    });
  }
}
