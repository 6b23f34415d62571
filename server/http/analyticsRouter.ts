import express, { type NextFunction, type Request, type Response } from 'express';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName, type AnalyticsLine, type AnalyticsScope } from '../../shared/schemas/analytics';
import { authenticateAnalyticsKey } from '../analytics/analyticsKeys';
import { readAnalyticsLines } from '../analytics/analyticsStore';
import type { AppDeps } from '../appDeps';
import { reasonOf } from '../logging/logger';
import { HttpError } from './endpoint';

/** Events one page may hold at most; without `limit`, a page holds this many. */
export const MAX_PAGE = 1_000;
const DEFAULT_PAGE = 100;
/** A comment line on an idle stream, so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * The analytics API for consumers (issue 13), under /api/v1/analytics: authenticated by an API
 * key sent as `Authorization: Bearer …`, never a cookie (this router sits before the session's).
 * A missing, wrong or revoked key, or one without the scope, gets 401 and no reason.
 */
export function analyticsRouter(deps: AppDeps, shutdown?: AbortSignal): express.Router {
  const router = express.Router();
  router.get('/analytics/events', withKey(deps, 'events:read'), (request, response, next) => {
    (async () => {
      const page = pageOf(request);
      const lines = await readAnalyticsLines(deps.database.query, page);
      response
        .status(200)
        .type('application/x-ndjson; charset=utf-8')
        .send(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    })().catch(next);
  });
  router.get('/analytics/stream', withKey(deps, 'events:read'), (request, response, next) => {
    (async () => {
      const { types } = pageOf(request);
      const resumeAt = request.get('last-event-id') || stringQuery(request, 'after');
      // Without a cursor a reader starts at the live edge; with one, right after it.
      const resumeAfter = resumeAt === undefined ? null : cursorOf(resumeAt, 'Last-Event-ID');
      await followStream(deps, { resumeAfter, types }, response, shutdown);
    })().catch(next);
  });
  return router;
}

function withKey(deps: AppDeps, scope: AnalyticsScope) {
  return (request: Request, response: Response, next: NextFunction) => {
    authenticateAnalyticsKey(deps.database, request.get('authorization'), scope, deps.clock.now()).then((key) => {
      if (key) return next();
      response.status(401).set('WWW-Authenticate', 'Bearer').json({ statusCode: 401, message: 'Unauthorized' });
    }, next);
  };
}

function stringQuery(request: Request, name: string): string | undefined {
  const value: unknown = request.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `Invalid ${name}: give it once`);
  return value;
}

/** A cursor is a position of the stream, as the lines give it; absent or empty is the start. */
function cursorOf(value: string | undefined, name: string): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,15}$/.test(value)) throw new HttpError(400, `Invalid ${name}: a cursor from an event line, or nothing for the start`);
  return Number(value);
}

export function pageOf(request: Request): { after: number; limit: number; types?: AnalyticsEventName[] } {
  const known = new Set<string>(ANALYTICS_EVENT_NAMES);
  for (const name of Object.keys(request.query)) {
    if (!['after', 'limit', 'types'].includes(name)) throw new HttpError(400, `Invalid ${name}: this call takes after, limit and types`);
  }
  const limitText = stringQuery(request, 'limit');
  if (limitText !== undefined && !/^\d{1,5}$/.test(limitText)) throw new HttpError(400, `Invalid limit: a whole number from 1 to ${MAX_PAGE}`);
  const limit = limitText === undefined ? DEFAULT_PAGE : Number(limitText);
  if (limit < 1 || limit > MAX_PAGE) throw new HttpError(400, `Invalid limit: a whole number from 1 to ${MAX_PAGE}`);
  const typesText = stringQuery(request, 'types');
  let types: AnalyticsEventName[] | undefined;
  if (typesText !== undefined) {
    const names = typesText.split(',').map((name) => name.trim());
    const unknown = names.find((name) => !known.has(name));
    if (unknown !== undefined) throw new HttpError(400, `Invalid types: "${unknown}" is not an event of this stream (${ANALYTICS_EVENT_NAMES.join(', ')})`);
    types = names as AnalyticsEventName[];
  }
  return { after: cursorOf(stringQuery(request, 'after'), 'after'), limit, ...(types ? { types } : {}) };
}

/**
 * The live tail: joins the process's feed first, then reads the stream from `resumeAfter` up to
 * where the feed began, holding what the feed brings meanwhile; each line's cursor is its SSE `id`,
 * and no position is sent twice, so a reader reconnecting with `Last-Event-ID` misses nothing
 * and sees nothing again.
 */
async function followStream(deps: AppDeps, follow: { resumeAfter: number | null; types?: readonly AnalyticsEventName[] }, response: Response, shutdown: AbortSignal | undefined): Promise<void> {
  const wanted = follow.types ? new Set<string>(follow.types) : null;
  let sent = follow.resumeAfter ?? 0;
  let ended = false;
  let heldBack: AnalyticsLine[] | null = [];
  const write = (lines: readonly AnalyticsLine[]) => {
    const messages: string[] = [];
    for (const line of lines) {
      const position = Number(line.cursor);
      if (position <= sent) continue;
      sent = position;
      if (wanted && !wanted.has(line.event)) continue;
      messages.push(`id: ${line.cursor}\ndata: ${JSON.stringify(line)}\n\n`);
    }
    if (messages.length > 0 && !ended) response.write(messages.join(''));
  };
  const membership = await deps.analytics.feed.join({
    receive: (lines) => {
      if (heldBack) heldBack.push(...lines);
      else write(lines);
    },
  });
  if (follow.resumeAfter === null) sent = membership.from;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    shutdown?.removeEventListener('abort', end);
    membership.leave();
    response.end();
  };
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
  shutdown?.addEventListener('abort', end);
  response.on('close', end);
  response
    .status(200)
    .set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' })
    .flushHeaders();
  try {
    while (!ended && sent < membership.from) {
      const page = await readAnalyticsLines(deps.database.query, { after: sent, limit: MAX_PAGE });
      const inRange = page.filter((line) => Number(line.cursor) <= membership.from);
      if (inRange.length === 0) break;
      write(inRange);
      if (inRange.length < page.length) break;
    }
    const held = heldBack;
    heldBack = null;
    write(held);
  } catch (error) {
    deps.log.error({ reason: reasonOf(error) }, 'Analytics stream failed');
    end();
  }
}
