import { object, string } from 'superstruct';
import { DOWNLOAD_DAYS } from '../../shared/domain/constants';
import { CustomOrderMessage, CustomOrderRequest, DeclineCustomOrder, RevisionRequest } from '../../shared/schemas/customOrders';
import type { Struct } from 'superstruct';
import type { AppDeps } from '../appDeps';
import { requireUser } from '../auth/requireUser';
import { processCustomOrder } from '../customOrders/customOrderProcess';
import {
  customOrderDetail,
  downloadsUntil,
  listCustomOrders,
  parseCustomOrderId,
  placeCustomOrder,
  readVisibleCustomOrder,
  runCustomOrderCommand,
  type Viewer,
} from '../customOrders/customOrders';
import type { CustomOrderCommand } from '../domain/customOrder/customOrderDecider';
import { defineEndpoint, type Endpoint, type EndpointResult } from './endpoint';
import { refuseFormErrors } from './formErrors';

const IdParams = object({ id: string() });

/** A form's body: its fields' messages first (SPEC-style words under each field), then the request as a whole. */
const formInput = <T, F>(schema: { form: Struct<F, unknown>; body: Struct<T, any> }) => ({ body: schema.body, formRules: (body: unknown) => refuseFormErrors(body, schema.form) });
const SHOP = ['admin'] as const;

/** Runs one step on an order the viewer may see, then does what it made due and answers the order as it is now. */
async function step(deps: AppDeps, rawId: string, viewer: Viewer, command: (at: Date) => CustomOrderCommand): Promise<EndpointResult> {
  const id = parseCustomOrderId(rawId);
  await readVisibleCustomOrder(deps, id, viewer);
  await runCustomOrderCommand(deps, id, command(deps.clock.now()));
  await processCustomOrder(deps, id);
  return { body: await customOrderDetail(deps, await readVisibleCustomOrder(deps, id, viewer), viewer) };
}

const buyer = (request: Parameters<typeof requireUser>[0]): Viewer => ({ as: 'buyer', userId: requireUser(request).id });
const shop = (request: Parameters<typeof requireUser>[0]): Viewer => ({ as: 'shop', userId: requireUser(request).id });

/**
 * Custom orders (issue 15): the buyer's calls under /custom-orders (their own orders only; any
 * other is 404) and the shop's under /admin/custom-orders (admins act for the shop's services).
 * Deliveries and file downloads are multipart and binary, in customOrderFilesRouter.ts.
 */
export const customOrderEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/custom-orders',
    access: 'member',
    input: {},
    async handle(request, deps) {
      return { body: { orders: await listCustomOrders(deps, { buyerId: requireUser(request).id }) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/custom-orders',
    access: 'member',
    loginMessage: 'Please log in to order a service',
    input: { ...formInput(CustomOrderRequest), bodyName: 'custom order' },
    async handle(request, deps) {
      const user = requireUser(request);
      const { id } = await placeCustomOrder(deps, user, request.body);
      await processCustomOrder(deps, id);
      const viewer: Viewer = { as: 'buyer', userId: user.id };
      return { status: 201, body: await customOrderDetail(deps, await readVisibleCustomOrder(deps, id, viewer), viewer) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/custom-orders/:id',
    access: 'member',
    input: { params: IdParams },
    async handle(request, deps) {
      const viewer = buyer(request);
      const id = parseCustomOrderId(request.params.id);
      return { body: await customOrderDetail(deps, await readVisibleCustomOrder(deps, id, viewer), viewer) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/custom-orders/:id/messages',
    access: 'member',
    input: { params: IdParams, ...formInput(CustomOrderMessage), bodyName: 'message' },
    handle: (request, deps) =>
      step(deps, request.params.id, buyer(request), (at) => ({ type: 'PostMessage', from: 'buyer', authorId: requireUser(request).id, text: request.body.text.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/custom-orders/:id/revision',
    access: 'member',
    input: { params: IdParams, ...formInput(RevisionRequest), bodyName: 'revision' },
    handle: (request, deps) => step(deps, request.params.id, buyer(request), (at) => ({ type: 'AskRevision', text: request.body.text.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/custom-orders/:id/accept-delivery',
    access: 'member',
    input: { params: IdParams },
    handle: (request, deps) =>
      step(deps, request.params.id, buyer(request), (at) => ({ type: 'AcceptDelivery', at: at.toISOString(), downloadsUntil: downloadsUntil(at, DOWNLOAD_DAYS) })),
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/custom-orders',
    access: SHOP,
    input: {},
    async handle(_request, deps) {
      return { body: { orders: await listCustomOrders(deps, { shop: true }) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/custom-orders/:id',
    access: SHOP,
    input: { params: IdParams },
    async handle(request, deps) {
      const viewer = shop(request);
      const id = parseCustomOrderId(request.params.id);
      return { body: await customOrderDetail(deps, await readVisibleCustomOrder(deps, id, viewer), viewer) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/custom-orders/:id/accept',
    access: SHOP,
    input: { params: IdParams },
    handle: (request, deps) => step(deps, request.params.id, shop(request), (at) => ({ type: 'AcceptCustomOrder', by: requireUser(request).id, at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/custom-orders/:id/decline',
    access: SHOP,
    input: { params: IdParams, ...formInput(DeclineCustomOrder), bodyName: 'decline' },
    handle: (request, deps) =>
      step(deps, request.params.id, shop(request), (at) => ({ type: 'DeclineCustomOrder', by: requireUser(request).id, reason: request.body.reason.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/custom-orders/:id/messages',
    access: SHOP,
    input: { params: IdParams, ...formInput(CustomOrderMessage), bodyName: 'message' },
    handle: (request, deps) =>
      step(deps, request.params.id, shop(request), (at) => ({ type: 'PostMessage', from: 'shop', authorId: requireUser(request).id, text: request.body.text.trim(), at: at.toISOString() })),
  }),
];
