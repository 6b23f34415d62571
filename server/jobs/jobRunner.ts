import { randomUUID } from 'node:crypto';
import type { Clock } from '../appDeps';
import type { Database } from '../db/database';
import { inJob, type Logger, logger, reasonOf } from '../logging/logger';

export interface Job {
  name: string;
  /** Runs again this long after a run ends. */
  everyMs: number;
  /** Also run when a server starts (once, however many start together). */
  atStartup: boolean;
  /** The lease of this job, when the runner's is too long to wait out after a crash (a producer waits for their upload). */
  leaseMs?: number;
  /** `signal` aborts when the server stops: a job working through a queue stops taking new work. */
  run(signal: AbortSignal): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often due jobs are looked for. */
  pollMs?: number;
  /** A lease not renewed for this long is taken over: its holder died. Renewed every third of it while the job runs. */
  leaseMs?: number;
  /** Hears about jobs that fail (the process's logger unless given). */
  log?: Logger;
}

/**
 * Background jobs on the database we already run (DESIGN: jobs survive a restart and run once
 * across several servers). Each job has a row with its next due time and a lease: a server takes
 * a due job with one conditional UPDATE, which only one server can win, renews the lease while
 * the job runs, and sets the next due time when it ends. A server killed mid-run leaves a lease
 * that runs out, and the next server to look takes the job over. No library does this on both
 * SQLite and PostgreSQL (graphile-worker and pg-boss are PostgreSQL only).
 */
export class JobRunner {
  private readonly owner = randomUUID();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly log: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly jobs: readonly Job[],
    options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.log = options.log ?? logger;
  }

  /** Registers the jobs, makes those run at start-up due now, and starts looking for due jobs. */
  async start(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.database.transaction(async (tx) => {
      for (const job of this.jobs) {
        await tx
          .insertInto('jobs')
          .values({ name: job.name, next_run_at: now, lease_owner: null, lease_until: null, last_finished_at: null, last_error: null })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .execute();
        if (job.atStartup) await tx.updateTable('jobs').set({ next_run_at: now }).where('name', '=', job.name).where('next_run_at', '>', now).execute();
      }
    });
    this.schedule(0);
  }

  /** Stops looking for jobs and waits for the one running now, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs every due job this server can take, one after another; resolves when they are done. */
  runDue(): Promise<void> {
    this.running = this.running.then(async () => {
      for (const job of this.jobs) {
        if (this.stopped) return;
        if (await this.claim(job)) await this.runClaimed(job);
      }
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runDue()
        .catch((error: unknown) => this.log.error({ reason: reasonOf(error) }, 'Jobs could not be run'))
        .finally(() => this.schedule(this.pollMs));
    }, delayMs);
  }

  /** Takes the job if it is due and nobody holds a live lease on it; only one server's UPDATE matches. */
  private async claim(job: Job): Promise<boolean> {
    const now = this.clock.now().getTime();
    const due = await this.database.query.selectFrom('jobs').select(['next_run_at', 'lease_until']).where('name', '=', job.name).executeTakeFirst();
    if (!due || Number(due.next_run_at) > now || (due.lease_until !== null && Number(due.lease_until) > now)) return false;
    const result = await this.database.transaction((tx) =>
      tx
        .updateTable('jobs')
        .set({ lease_owner: this.owner, lease_until: now + this.leaseOf(job) })
        .where('name', '=', job.name)
        .where('next_run_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .executeTakeFirst(),
    );
    return result.numUpdatedRows === 1n;
  }

  private leaseOf(job: Job): number {
    return job.leaseMs ?? this.leaseMs;
  }

  private async runClaimed(job: Job): Promise<void> {
    // A renewal that fails (a busy database) is retried at the next tick; were the lease lost, a
    // second server would run the job too, which every job must survive (reconciliation is
    // idempotent per order).
    const renew = setInterval(() => {
      void this.database
        .transaction((tx) =>
          tx
            .updateTable('jobs')
            .set({ lease_until: this.clock.now().getTime() + this.leaseOf(job) })
            .where('name', '=', job.name)
            .where('lease_owner', '=', this.owner)
            .execute(),
        )
        .catch(() => undefined);
    }, this.leaseOf(job) / 3);
    let failure: string | null = null;
    try {
      // Every line the run writes, through whichever logger, carries `job`.
      await inJob(job.name, () => job.run(this.stopping.signal));
    } catch (error) {
      failure = reasonOf(error);
      this.log.error({ job: job.name, reason: failure }, `Job ${job.name} failed`);
    } finally {
      clearInterval(renew);
    }
    const now = this.clock.now().getTime();
    await this.database.transaction((tx) =>
      tx
        .updateTable('jobs')
        .set({ next_run_at: now + job.everyMs, lease_owner: null, lease_until: null, last_finished_at: now, last_error: failure })
        .where('name', '=', job.name)
        .where('lease_owner', '=', this.owner)
        .execute(),
    );
  }
}

/**
 * Makes a job due now because work for it just arrived (a sale): whichever server polls next takes
 * it, instead of at the job's next scheduled run. A job not registered yet is due at its first start anyway.
 */
export async function runSoon(database: Database, name: string, now: Date): Promise<void> {
  await database.transaction((tx) => tx.updateTable('jobs').set({ next_run_at: now.getTime() }).where('name', '=', name).where('next_run_at', '>', now.getTime()).execute());
}
