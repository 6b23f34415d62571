import express, { type Response } from 'express';
import type { User } from '../../shared/schemas/auth';
import type { AppDeps } from '../appDeps';
import { requireSession } from '../auth/requireUser';
import { findSession } from '../auth/sessions';
import { readDecodedStream } from '../domain/aggregateStream';
import { toUser } from '../domain/user/userAnswer';
import { userDecider } from '../domain/user/userDecider';
import { userEventCodec } from '../domain/user/userEventCodec';
import { type UserEvent, userStreamId } from '../domain/user/userEvents';
import type { Recorded } from '../eventStore/eventCodec';
import type { Subscription } from '../eventStore/eventStore';
import { HttpError } from './endpoint';

/** Events that change what the browser shows of its user; the others only end sessions. */
const ANNOUNCED: ReadonlySet<string> = new Set<UserEvent['type']>(['UserRegistered', 'EmailConfirmed', 'ProBuyerStatusChanged']);

/**
 * GET /account/sse: the logged-in user's account events as server-sent events. Each carries its
 * event-store position as `id`, so a reconnecting EventSource resumes after `Last-Event-ID`.
 * When the session ends (logout elsewhere, password reset, blocked account, expiry) the stream
 * sends `data: null` and closes. `shutdown` ends every stream, so the server can stop at once.
 */
export function accountStreamRouter(deps: AppDeps, shutdown?: AbortSignal): express.Router {
  const router = express.Router();
  router.get('/account/sse', async (request, response) => {
    const session = requireSession(request.accountSession);
    const resumeAfter = lastEventIdOf(request.get('last-event-id'));
    const after = resumeAfter ?? (await deps.eventStore.headPosition());
    response
      .status(200)
      .set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' })
      .flushHeaders();
    followAccount(deps, { sessionId: session.id, userId: session.user.id, after }, response, shutdown);
  });
  return router;
}

function lastEventIdOf(header: string | undefined): number | null {
  if (header === undefined || header === '') return null;
  if (!/^\d{1,15}$/.test(header)) throw new HttpError(400, 'Last-Event-ID must be an event position');
  return Number(header);
}

function followAccount(
  deps: AppDeps,
  follow: { sessionId: string; userId: number; after: number },
  response: Response,
  shutdown: AbortSignal | undefined,
): void {
  let ended = false;
  const end = (lastWords = '') => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    shutdown?.removeEventListener('abort', onShutdown);
    // Not awaited: this may run inside the subscription's own handler, which close() waits for.
    void subscription.close();
    response.end(lastWords);
  };
  const onShutdown = () => end();
  const endIfSessionOver = async () => {
    const session = await findSession(deps, follow.sessionId);
    if (!session || session.blocked) end('data: null\n\n');
  };
  const fail = (error: unknown) => {
    console.error('Account stream failed:', error);
    end();
  };

  const subscription: Subscription = deps.eventStore.subscribe({ after: follow.after, types: userEventCodec.types }, async (events) => {
    const mine = events.map((event) => userEventCodec.decode(event)).filter((event) => event.data.userId === follow.userId);
    if (mine.length === 0 || ended) return;
    try {
      await endIfSessionOver();
      if (ended) return;
      for (const message of await announcements(deps, follow.userId, mine)) {
        response.write(`id: ${message.position}\ndata: ${JSON.stringify({ type: message.type, user: message.user })}\n\n`);
      }
    } catch (error) {
      fail(error);
    }
  });
  const heartbeat = setInterval(() => {
    response.write(': heartbeat\n\n');
    endIfSessionOver().catch(fail);
  }, deps.config.accountStreamHeartbeatMs);
  shutdown?.addEventListener('abort', onShutdown);
  // The client may have gone while the route awaited the head position, or the server is stopping.
  if (response.closed || shutdown?.aborted) end();
  else response.on('close', () => end());
}

/** The announced events among `events`, each with the user as it was right after it. */
async function announcements(deps: AppDeps, userId: number, events: readonly Recorded<UserEvent>[]) {
  const history = await readDecodedStream(deps.eventStore, userStreamId(userId), userEventCodec);
  const userAtVersion = new Map<number, User>();
  let state = userDecider.initialState();
  for (const event of history) {
    state = userDecider.evolve(state, event);
    if (state.status === 'registered') userAtVersion.set(event.version, toUser(state));
  }
  return events
    .filter((event) => ANNOUNCED.has(event.type))
    .map((event) => ({ position: event.position, type: event.type, user: userAtVersion.get(event.version) }));
}
