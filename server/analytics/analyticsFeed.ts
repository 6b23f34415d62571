import type { Kysely } from 'kysely';
import type { AnalyticsLine } from '../../shared/schemas/analytics';
import type { Tables } from '../db/schema';
import { type Logger, outsideRequest, reasonOf } from '../logging/logger';
import { analyticsHead, readAnalyticsLines } from './analyticsStore';

/** How often the feed looks for new events while someone listens: every server's derivations land in the one table. */
const POLL_MS = 250;
const PAGE = 500;

export interface FeedListener {
  receive(lines: readonly AnalyticsLine[]): void;
}

export interface FeedMembership {
  /** Events after this position reach the listener; what it wants before them it reads itself. */
  readonly from: number;
  leave(): void;
}

/**
 * The live tail of the analytics stream for this process's SSE readers
 * (`GET /api/v1/analytics/stream`): one poll of the table feeds every open stream, however many.
 */
export class AnalyticsFeed {
  private readonly listeners = new Set<FeedListener>();
  private position = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private failing = false;

  constructor(
    private readonly query: Kysely<Tables>,
    private readonly log: Logger,
  ) {}

  async join(listener: FeedListener): Promise<FeedMembership> {
    // Idle, the feed stopped reading: it starts again from where the stream ends now.
    if (!this.timer) this.position = Math.max(this.position, await analyticsHead(this.query));
    this.listeners.add(listener);
    if (!this.timer) {
      // The first reader's request starts the feed, which outlives it: its polls are no request's.
      this.timer = outsideRequest(() => setInterval(() => void this.poll(), POLL_MS));
      this.timer.unref();
    }
    return {
      from: this.position,
      leave: () => {
        this.listeners.delete(listener);
        if (this.listeners.size === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = null;
        }
      },
    };
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      for (;;) {
        const lines = await readAnalyticsLines(this.query, { after: this.position, limit: PAGE });
        if (lines.length === 0) break;
        this.position = Number(lines[lines.length - 1]!.cursor);
        for (const listener of this.listeners) listener.receive(lines);
        if (lines.length < PAGE) break;
      }
      if (this.failing) this.log.warn('The analytics feed reads again');
      this.failing = false;
    } catch (error) {
      // A database away for a while: said once, tried again at the next tick.
      if (!this.failing) this.log.error({ reason: reasonOf(error) }, 'The analytics feed could not read');
      this.failing = true;
    } finally {
      this.polling = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listeners.clear();
  }
}
