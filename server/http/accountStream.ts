import express, { type RequestHandler, type Response } from 'express';
import type { AppDeps } from '../appDeps';
import { requireSession } from '../auth/requireUser';
import { type AccountSession, findSession } from '../auth/sessions';
import { readDecodedStream } from '../domain/aggregateStream';
import { toUser } from '../domain/user/userAnswer';
import { userDecider, type UserState } from '../domain/user/userDecider';
import { userEventCodec } from '../domain/user/userEventCodec';
import { type UserEvent, userStreamId } from '../domain/user/userEvents';
import type { Recorded } from '../eventStore/eventCodec';
import { reasonOf } from '../logging/logger';
import { HttpError } from './endpoint';
import { apiErrorHandler } from './expressEndpoints';

/**
 * Each announcement as sent, by event: every stream of the user has folded the same events up to
 * it, so the first stream's text serves all of them.
 */
const announcements = new WeakMap<Recorded<UserEvent>, string>();

/** Events that change what the browser shows of its user; the others only end sessions. */
const ANNOUNCED: ReadonlySet<string> = new Set<UserEvent['type']>([
  'UserRegistered',
  'EmailConfirmed',
  'ProBuyerStatusChanged',
  'RoleGranted',
  'UserProfileChanged',
  'UserAvatarChanged',
  'EmailChanged',
]);

/**
 * GET /account/sse: the logged-in user's account events as server-sent events. Each carries its
 * event-store position as `id`, so a reconnecting EventSource resumes after `Last-Event-ID`.
 * When the session ends (logout elsewhere, password reset, blocked account, expiry) the stream
 * sends `data: null` and closes. `shutdown` ends every stream, so the server can stop at once.
 */
export function accountStreamRouter(deps: AppDeps, resolveSession: RequestHandler, shutdown?: AbortSignal): express.Router {
  const router = express.Router();
  const checks: SessionChecks = new Map();
  router.get('/account/sse', resolveSession, (request, response) => {
    const session = requireSession(request.accountSession);
    const resumeAfter = lastEventIdOf(request.get('last-event-id'));
    // The request lives as long as the stream: it keeps the ids only, and checks the session anew.
    request.accountSession = undefined;
    response
      .status(200)
      .set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' })
      .flushHeaders();
    // The producer profile is verified outside the user's stream: announcements carry the one the session began with.
    followAccount(deps, checks, { sessionId: session.id, userId: session.user.id, producerId: session.user.producerId, resumeAfter }, response, shutdown);
  });
  // Its refusals (401 without a session, 400 for a bad Last-Event-ID) answer as the API's do.
  router.use(apiErrorHandler);
  return router;
}

/**
 * Session look-ups in flight, by session: the streams of one session that check at the same time
 * (one event reaches them all in one step) share one look-up instead of one each, which with
 * thousands of streams queued thousands of reads and session-activity writes per event.
 */
type SessionChecks = Map<string, Promise<AccountSession | null>>;

function checkSession(deps: AppDeps, checks: SessionChecks, sessionId: string): Promise<AccountSession | null> {
  let check = checks.get(sessionId);
  if (!check) {
    check = findSession(deps, sessionId).finally(() => checks.delete(sessionId));
    checks.set(sessionId, check);
  }
  return check;
}

function lastEventIdOf(header: string | undefined): number | null {
  if (header === undefined || header === '') return null;
  if (!/^\d{1,15}$/.test(header)) throw new HttpError(400, 'Last-Event-ID must be an event position');
  return Number(header);
}

/**
 * Joins the process's account feed first, then reads the user's stream: what the stream holds up
 * to the feed's position is the gap since `Last-Event-ID`, and everything after it comes from the
 * feed, held back until the gap is sent. Positions already sent are never sent again.
 */
function followAccount(
  deps: AppDeps,
  checks: SessionChecks,
  follow: { sessionId: string; userId: number; producerId: number | null; resumeAfter: number | null },
  response: Response,
  shutdown: AbortSignal | undefined,
): void {
  let ended = false;
  let user: UserState = userDecider.initialState();
  /** Events up to here are folded into `user`. */
  let folded = 0;
  /** Events up to here were sent, or predate what the browser asked for. */
  let sent = 0;
  let heldBack: Recorded<UserEvent>[] | null = [];
  let writing = Promise.resolve();

  const end = (lastWords = '') => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    shutdown?.removeEventListener('abort', onShutdown);
    membership.leave();
    response.end(lastWords);
  };
  const onShutdown = () => end();
  const endIfSessionOver = async () => {
    const session = await checkSession(deps, checks, follow.sessionId);
    if (!session || session.blocked) end('data: null\n\n');
  };
  const fail = (error: unknown) => {
    deps.log.error({ reason: reasonOf(error) }, 'Account stream failed');
    end();
  };

  /** Folds the events in, checks the session, then announces what is new to the browser. */
  const send = async (events: readonly Recorded<UserEvent>[]) => {
    const messages: string[] = [];
    for (const event of events) {
      if (event.position <= folded) continue;
      user = userDecider.evolve(user, event);
      folded = event.position;
      if (event.position <= sent) continue;
      sent = event.position;
      if (ANNOUNCED.has(event.type) && user.status === 'registered') {
        let message = announcements.get(event);
        if (message === undefined) {
          message = `id: ${event.position}\ndata: ${JSON.stringify({ type: event.type, user: toUser(user, follow.producerId) })}\n\n`;
          announcements.set(event, message);
        }
        messages.push(message);
      }
    }
    if (events.length === 0 || ended) return;
    await endIfSessionOver();
    if (!ended && messages.length > 0) response.write(messages.join(''));
  };
  const enqueue = (events: readonly Recorded<UserEvent>[]) => {
    writing = writing.then(() => (ended ? undefined : send(events))).catch(fail);
  };

  const membership = deps.accountFeed.join(follow.userId, {
    receive: (events) => {
      if (heldBack) heldBack.push(...events);
      else enqueue(events);
    },
    evict: () => end(),
  });
  sent = follow.resumeAfter ?? membership.from;

  const heartbeat = setInterval(() => {
    response.write(': heartbeat\n\n');
    endIfSessionOver().catch(fail);
  }, deps.config.accountStreamHeartbeatMs);
  shutdown?.addEventListener('abort', onShutdown);
  if (response.closed || shutdown?.aborted) {
    end();
    return;
  }
  response.on('close', () => end());

  readDecodedStream(deps.eventStore, userStreamId(follow.userId), userEventCodec)
    .then((history) => {
      const live = heldBack ?? [];
      heldBack = null;
      enqueue([...history.filter((event) => event.position <= membership.from), ...live]);
    })
    .catch(fail);
}
