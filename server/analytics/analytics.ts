import type { Database } from '../db/database';
import type { EventStore } from '../eventStore/eventStore';
import { Projector } from '../projections/projector';
import type { Clock } from '../appDeps';
import { AnalyticsFeed } from './analyticsFeed';
import type { Logger } from '../logging/logger';
import { analyticsProjection } from './domainEvents';
import { openPseudonyms, type Pseudonyms } from './pseudonyms';

/** How late the server's events may reach the stream: they are derived in batches, at most once a second. */
const ANALYTICS_SETTLE_MS = 1_000;

/** The analytics stream's parts in a running server (issue 13; server/analytics/README.md "The analytics stream"). */
export interface Analytics {
  pseudonyms: Pseudonyms;
  /**
   * Derives the server's events from domain events. A projector of its own: requests that wait for
   * the read models (`deps.projector.waitFor`) never wait for telemetry.
   */
  projector: Projector;
  /** The live tail for SSE readers. */
  feed: AnalyticsFeed;
}

export async function openAnalytics(database: Database, eventStore: EventStore, clock: Clock, log: Logger): Promise<Analytics> {
  const pseudonyms = await openPseudonyms(database, clock.now());
  const projector = new Projector(database, eventStore, [analyticsProjection({ eventStore, query: database.query, pseudonyms, kind: database.kind, now: () => clock.now() })], {
    settleMs: ANALYTICS_SETTLE_MS,
    log,
  });
  await projector.start();
  return { pseudonyms, projector, feed: new AnalyticsFeed(database.query, log) };
}

export async function closeAnalytics(analytics: Analytics): Promise<void> {
  analytics.feed.stop();
  await analytics.projector.stop();
}
