import { object, string } from 'superstruct';
import { NewAnalyticsKeySchema, NewWebhookSchema } from '../../shared/schemas/analyticsWebhooks';
import { createAnalyticsKey, listAnalyticsKeys, revokeAnalyticsKey } from '../analytics/analyticsKeys';
import { deleteWebhook, listWebhooks, registerWebhook, setWebhookEnabled, webhookDeliveries } from '../analytics/webhookStore';
import type { AppDeps } from '../appDeps';
import { requireUser } from '../auth/requireUser';
import { defineEndpoint, type Endpoint, type EndpointRequest, HttpError } from './endpoint';
import { parseNumericId } from './productId';

/** Keys and webhooks hand out the whole stream: the admin's alone; to anyone else these calls do not exist. */
const ADMINS = ['admin'] as const;
const IdParams = object({ id: string() });

const adminOf = (request: Pick<EndpointRequest, 'context'>) => ({ kind: 'admin' as const, userId: requireUser(request).id });

async function keyView(deps: AppDeps, id: number) {
  const key = (await listAnalyticsKeys(deps.database.query)).find((view) => view.id === id);
  if (!key) throw new HttpError(404, `No key ${id}`);
  return key;
}

/**
 * The admin console's `Analytics` page (issue 13, server/analytics/README.md
 * "The console page"): analytics API
 * keys (made, listed, revoked) and webhooks (registered, listed, paused, resumed, deleted, and
 * their delivery logs). Every change records the admin who made it.
 */
export const analyticsAccessEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/admin/analytics/keys',
    access: ADMINS,
    input: {},
    async handle(_request, deps) {
      return { body: { keys: await listAnalyticsKeys(deps.database.query) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/analytics/keys',
    access: ADMINS,
    input: { body: NewAnalyticsKeySchema },
    async handle(request, deps) {
      const { key, view } = await createAnalyticsKey(deps.database, { name: request.body.name.trim(), scopes: request.body.scopes, by: adminOf(request).userId, now: deps.clock.now() });
      return { status: 201, body: { key: view, secret: key } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/analytics/keys/:id/revoke',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      const id = parseNumericId('key', request.params.id);
      const before = await keyView(deps, id);
      if (before.revokedAt !== null) throw new HttpError(409, `Key ${before.prefix}… was revoked already`);
      await revokeAnalyticsKey(deps.database, id, deps.clock.now(), adminOf(request).userId);
      return { body: { key: await keyView(deps, id) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/analytics/webhooks',
    access: ADMINS,
    input: {},
    async handle(request, deps) {
      return { body: { webhooks: await listWebhooks(deps.database.query, adminOf(request)) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/analytics/webhooks',
    access: ADMINS,
    input: { body: NewWebhookSchema },
    async handle(request, deps) {
      return { status: 201, body: await registerWebhook(deps, adminOf(request), request.body) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/analytics/webhooks/:id/disable',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: { webhook: await setWebhookEnabled(deps, adminOf(request).userId, parseNumericId('webhook', request.params.id), false) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/analytics/webhooks/:id/enable',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: { webhook: await setWebhookEnabled(deps, adminOf(request).userId, parseNumericId('webhook', request.params.id), true) } };
    },
  }),
  defineEndpoint({
    method: 'DELETE',
    path: '/admin/analytics/webhooks/:id',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      const id = parseNumericId('webhook', request.params.id);
      await deleteWebhook(deps, adminOf(request), id);
      return { body: { id, deleted: true } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/analytics/webhooks/:id/deliveries',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: { deliveries: await webhookDeliveries(deps.database.query, adminOf(request), parseNumericId('webhook', request.params.id)) } };
    },
  }),
];
