import { create } from 'superstruct';
import { type AnalyticsLine, AnalyticsLineSchema, type AnalyticsScope } from '../../shared/schemas/analytics';
import { createAnalyticsKey } from '../../server/analytics/analyticsKeys';
import { deriveBrowserEvents } from '../../server/analytics/browserDerivation';
import type { AppDeps } from '../../server/appDeps';

/** An analytics API key made as an admin would make one. */
export async function analyticsKey(deps: AppDeps, scopes: readonly AnalyticsScope[] = ['events:read']): Promise<string> {
  return (await createAnalyticsKey(deps.database, { name: 'tests', scopes, by: null, now: deps.clock.now() })).key;
}

/** Both derivations, now rather than when their schedules come round. */
export async function deriveAnalytics(deps: AppDeps): Promise<void> {
  await deps.analytics.projector.catchUp();
  await deriveBrowserEvents(deps);
}

/** One page of `GET /api/v1/analytics/events`, each line decoded as a consumer would. */
export async function readEventsPage(baseUrl: string, key: string, query: Record<string, string> = {}): Promise<AnalyticsLine[]> {
  const response = await fetch(`${baseUrl}/api/v1/analytics/events?${new URLSearchParams(query)}`, { headers: { Authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`GET /analytics/events answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  return text === '' ? [] : text.trimEnd().split('\n').map((line) => create(JSON.parse(line) as unknown, AnalyticsLineSchema));
}

/** The whole stream, page after page, until a page comes back empty (the head). */
export async function readAllEvents(baseUrl: string, key: string, pageSize = 500): Promise<AnalyticsLine[]> {
  const lines: AnalyticsLine[] = [];
  for (;;) {
    const page = await readEventsPage(baseUrl, key, { after: lines.at(-1)?.cursor ?? '', limit: String(pageSize) });
    if (page.length === 0) return lines;
    lines.push(...page);
  }
}
