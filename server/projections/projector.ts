import { AsyncLock } from '../db/asyncLock';
import type { Database } from '../db/database';
import type { EventStore, Subscription } from '../eventStore/eventStore';
import { type Logger, logger, reasonOf } from '../logging/logger';
import type { PreparedProjection, Projection } from './projection';

const BATCH = 500;
const RETRY_MS = 1000;

/**
 * Keeps read models up to date. Each batch of events and the projection's new checkpoint are
 * written in one transaction, so a crash between them can neither skip nor repeat an event.
 */
export class Projector {
  private readonly lock = new AsyncLock();
  private subscription: Subscription | null = null;
  private failing = false;
  /** How far each projection is known to be current without having been written: no event of its types lies between its checkpoint and here. */
  private readonly idleUpTo = new Map<string, number>();

  /** A catch-up waiting for `settleMs` to pass (`options.settleMs`). */
  private settling = false;

  constructor(
    private readonly database: Database,
    private readonly eventStore: EventStore,
    private readonly projections: readonly Projection[],
    private readonly options: {
      /**
       * Catch up at most once per this many ms instead of after every append: for read models
       * nobody waits for (the analytics stream), whose transactions would otherwise take turns with
       * every buyer's on SQLite's one writer. Their events then arrive in batches, at most this late.
       */
      settleMs?: number;
      /** Where catch-up failures are told (the process's logger unless given). */
      log?: Logger;
    } = {},
  ) {}

  private get log(): Logger {
    return this.options.log ?? logger;
  }

  async checkpoint(name: string): Promise<number> {
    const row = await this.database.query
      .selectFrom('projection_checkpoints')
      .select('position')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.position ?? 0;
  }

  /** Applies every committed event the projections have not seen yet. */
  catchUp(): Promise<void> {
    return this.lock.run(async () => {
      for (const projection of this.projections) await this.catchUpOne(projection);
    });
  }

  private async catchUpOne(projection: Projection): Promise<void> {
    // Most appends concern few projections: a projection with no new event of its types is up to
    // date without a write (a commit per projection per append was half of a checkout's time).
    const head = await this.eventStore.headPosition();
    const from = Math.max(await this.checkpoint(projection.name), this.idleUpTo.get(projection.name) ?? 0);
    if (from >= head) return;
    if ((await this.eventStore.readAll({ after: from, limit: 1, types: projection.types })).length === 0) {
      // Remembered, not written: the stored checkpoint stays behind, and whoever starts from it
      // finds no event of its types before `head` either.
      this.idleUpTo.set(projection.name, head);
      return;
    }
    for (;;) {
      const ahead = 'prepare' in projection ? await this.prepareBatch(projection) : null;
      const done = await this.database.transaction(async (tx) => {
        await tx
          .insertInto('projection_checkpoints')
          .values({ name: projection.name, position: 0 })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .execute();
        let select = tx.selectFrom('projection_checkpoints').select('position').where('name', '=', projection.name);
        // Another server may run the same projection: the row lock makes it wait its turn.
        if (this.database.kind === 'postgres') select = select.forUpdate();
        const from = (await select.executeTakeFirstOrThrow()).position;
        // Another server applied the batch prepared here meanwhile: it is read again.
        if (ahead && ahead.from !== from) return false;
        const head = ahead?.head ?? (await this.eventStore.headPosition());
        const events = ahead?.events ?? (await this.eventStore.readAll({ after: from, limit: BATCH, types: projection.types }));
        if (events.length > 0) {
          if (ahead) await ahead.write(tx);
          else if ('apply' in projection) await projection.apply(tx, events);
        }
        const last = events[events.length - 1]?.position ?? from;
        const finished = events.length < BATCH;
        // With a type filter the last matching event can lie well behind the head.
        const next = finished ? Math.max(last, head) : last;
        if (next !== from) {
          await tx.updateTable('projection_checkpoints').set({ position: next }).where('name', '=', projection.name).execute();
        }
        return finished;
      });
      if (done) return;
    }
  }

  /**
   * A prepared projection's next batch, read outside the write transaction: the head first, so
   * that a batch shorter than a page takes the checkpoint no further than what was read.
   */
  private async prepareBatch(projection: PreparedProjection) {
    const from = await this.checkpoint(projection.name);
    const head = await this.eventStore.headPosition();
    const events = await this.eventStore.readAll({ after: from, limit: BATCH, types: projection.types });
    return { from, head, events, write: await projection.prepare(events) };
  }

  /** Resolves once every projection has applied the events up to `position`. */
  async waitFor(position: number): Promise<void> {
    const rows = await this.database.query.selectFrom('projection_checkpoints').select(['name', 'position']).execute();
    const stored = new Map(rows.map((row) => [row.name, row.position]));
    const behind = this.projections.some((p) => Math.max(stored.get(p.name) ?? 0, this.idleUpTo.get(p.name) ?? 0) < position);
    if (behind) await this.catchUp();
  }

  /** Follows the event store from now on. */
  async start(): Promise<void> {
    await this.catchUp();
    // Woken by the events its projections read, not by every append.
    const types = [...new Set(this.projections.flatMap((projection) => projection.types))];
    this.subscription = this.eventStore.subscribe({ after: await this.eventStore.headPosition(), types }, () => this.scheduleCatchUp());
  }

  private scheduleCatchUp(): void {
    const { settleMs } = this.options;
    if (settleMs === undefined) return this.catchUpInBackground();
    if (this.settling) return;
    this.settling = true;
    setTimeout(() => {
      this.settling = false;
      if (this.subscription) this.catchUpInBackground();
    }, settleMs).unref();
  }

  /**
   * A failed catch-up (a busy database, a lost connection) is retried a second later, instead of
   * ending the subscription for the life of the process; said once per outage, not every second.
   */
  private catchUpInBackground(): void {
    this.catchUp().then(
      () => {
        if (this.failing) this.log.warn('Projections catch up again');
        this.failing = false;
      },
      (error: unknown) => {
        if (!this.failing) this.log.error({ reason: reasonOf(error) }, 'Projection catch-up failed, retrying every second');
        this.failing = true;
        if (this.subscription) setTimeout(() => this.catchUpInBackground(), RETRY_MS).unref();
      },
    );
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
    await this.lock.run(() => undefined);
  }
}
