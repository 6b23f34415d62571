import { createHash } from 'node:crypto';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { sql } from 'kysely';
import type { Clock } from '../appDeps';
import type { Database } from '../db/database';

/**
 * express-rate-limit's counts kept in our own database, so a limit holds across every server
 * on it: a client sending half its requests to each of two servers still meets the limit once.
 * Clients are stored as a hash of their key, so the table holds no addresses.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private lastSweep = 0;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** Names the limiter: each counts on its own. */
    readonly prefix: string,
    /** express-rate-limit sets it through `init`; a limit counted in a handler gives it here. */
    private windowMs = 60_000,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.database.query
      .selectFrom('rate_limit_hits')
      .select(['hits', 'reset_at'])
      .where('limiter', '=', this.prefix)
      .where('client', '=', clientOf(key))
      .where('reset_at', '>', this.clock.now().getTime())
      .executeTakeFirst();
    return row ? { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) } : undefined;
  }

  /** One statement, so two servers counting the same client at once both count. */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.clock.now().getTime();
    const resetAt = now + this.windowMs;
    const row = await this.database.transaction(async (tx) => {
      // A window that ended counts for nothing; dropping such rows now and then keeps the table small.
      if (now - this.lastSweep >= this.windowMs) {
        this.lastSweep = now;
        await tx.deleteFrom('rate_limit_hits').where('limiter', '=', this.prefix).where('reset_at', '<=', now).execute();
      }
      return tx
        .insertInto('rate_limit_hits')
        .values({ limiter: this.prefix, client: clientOf(key), hits: 1, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict.columns(['limiter', 'client']).doUpdateSet({
            hits: sql<number>`case when rate_limit_hits.reset_at <= ${now} then 1 else rate_limit_hits.hits + 1 end`,
            reset_at: sql<number>`case when rate_limit_hits.reset_at <= ${now} then ${resetAt} else rate_limit_hits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
    });
    return { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_at)) };
  }

  async decrement(key: string): Promise<void> {
    await this.database.transaction((tx) =>
      tx
        .updateTable('rate_limit_hits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('limiter', '=', this.prefix)
        .where('client', '=', clientOf(key))
        .where('hits', '>', 0)
        .execute(),
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.database.transaction((tx) =>
      tx.deleteFrom('rate_limit_hits').where('limiter', '=', this.prefix).where('client', '=', clientOf(key)).execute(),
    );
  }
}

const clientOf = (key: string) => createHash('sha256').update(key).digest('hex');
