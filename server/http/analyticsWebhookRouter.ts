import express, { type NextFunction, type Request, type Response } from 'express';
import { NewWebhookSchema } from '../../shared/schemas/analyticsWebhooks';
import { authenticateAnalyticsKey } from '../analytics/analyticsKeys';
import { deleteWebhook, listWebhooks, registerWebhook, type WebhookActor, webhookDeliveries } from '../analytics/webhookStore';
import type { AppDeps } from '../appDeps';
import { HttpError, parseInput } from './endpoint';
import { refuseUnsafeJsonShape } from './jsonBodyShape';
import { parseNumericId } from './productId';
import { refuseUnreadBody } from './unreadBody';
import { refuseMalformedText } from './wellFormedText';

/** A registration is a URL and a list of event names: a few kilobytes at most. */
const MAX_BODY = '16kb';

/**
 * The webhook calls of the analytics API (issue 13, server/analytics/README.md
 * "Analytics webhooks"), for consumers
 * with an API key of scope `webhooks:manage` sent as `Authorization: Bearer …`, never a cookie
 * (mounted beside the events API, before the session is read). A key manages the webhooks
 * registered with it; any other is unknown to it (404). A missing, wrong or revoked key, or one
 * without the scope, gets 401 and no reason, before the request is read any further. The key is
 * checked on every request, so a revocation holds from the next one.
 */
export function analyticsWebhookRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  // The key each request came with, once checked: the actor of what it asks.
  const keys = new WeakMap<Request, number>();
  const withManageKey = (request: Request, response: Response, next: NextFunction) => {
    authenticateAnalyticsKey(deps.database, request.get('authorization'), 'webhooks:manage', deps.clock.now()).then((key) => {
      if (!key) {
        response.status(401).set('WWW-Authenticate', 'Bearer').json({ statusCode: 401, message: 'Unauthorized' });
        return;
      }
      keys.set(request, key.id);
      next();
    }, next);
  };
  const actorOf = (request: Request): WebhookActor => ({ kind: 'key', keyId: keys.get(request)! });
  const readJson = [express.json({ limit: MAX_BODY }), refuseUnreadBody, refuseMalformedText, refuseUnsafeJsonShape];

  router.get('/analytics/webhooks', withManageKey, async (request, response) => {
    takesNoQuery(request);
    response.json({ webhooks: await listWebhooks(deps.database.query, actorOf(request)) });
  });
  router.post('/analytics/webhooks', withManageKey, ...readJson, async (request, response) => {
    takesNoQuery(request);
    const body = parseInput(request.body, NewWebhookSchema, 'body');
    response.status(201).json(await registerWebhook(deps, actorOf(request), body));
  });
  router.delete('/analytics/webhooks/:id', withManageKey, async (request, response) => {
    takesNoQuery(request);
    const id = parseNumericId('webhook', String(request.params.id));
    await deleteWebhook(deps, actorOf(request), id);
    response.json({ id, deleted: true });
  });
  router.get('/analytics/webhooks/:id/deliveries', withManageKey, async (request, response) => {
    takesNoQuery(request);
    const id = parseNumericId('webhook', String(request.params.id));
    response.json({ deliveries: await webhookDeliveries(deps.database.query, actorOf(request), id) });
  });
  return router;
}

function takesNoQuery(request: Request): void {
  const [name] = Object.keys(request.query);
  if (name !== undefined) throw new HttpError(400, `Invalid ${name}: this call takes no query`);
}
