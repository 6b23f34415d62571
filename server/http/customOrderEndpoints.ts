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
  requireSeller,
  runCustomOrderCommand,
  type Viewer,
} from '../customOrders/customOrders';
import { requireProducerId } from '../studio/studioBeats';
import type { CustomOrderCommand } from '../domain/customOrder/customOrderDecider';
import { effectiveRole } from '../../shared/domain/auth/roles';
import { defineEndpoint, type Endpoint, type EndpointResult, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';

const IdParams = object({ id: string() });

/** A form's body: its fields' messages first (SPEC-style words under each field), then the request as a whole. */
const formInput = <T, F>(schema: { form: Struct<F, unknown>; body: Struct<T, any> }) => ({ body: schema.body, formRules: (body: unknown) => refuseFormErrors(body, schema.form) });
const SHOP = ['admin'] as const;

/**
 * Runs one step on an order the viewer may see (a seller's step only on an order they answer
 * for), then does what it made due and answers the order as it is now.
 */
async function step(deps: AppDeps, rawId: string, viewerOf: () => Viewer | Promise<Viewer>, command: (at: Date) => CustomOrderCommand): Promise<EndpointResult> {
  const viewer = await viewerOf();
  const id = parseCustomOrderId(rawId);
  const order = await readVisibleCustomOrder(deps, id, viewer);
  if (viewer.as !== 'buyer') requireSeller(order, viewer);
  await runCustomOrderCommand(deps, id, command(deps.clock.now()));
  await processCustomOrder(deps, id);
  return { body: await customOrderDetail(deps, await readVisibleCustomOrder(deps, id, viewer), viewer) };
}

const buyer = (request: Parameters<typeof requireUser>[0]): Viewer => ({ as: 'buyer', userId: requireUser(request).id });
const shop = (request: Parameters<typeof requireUser>[0]): Viewer => ({ as: 'shop', userId: requireUser(request).id });
/** A verified producer, for the orders of their own offers. */
export async function producerViewer(deps: AppDeps, userId: number): Promise<Viewer> {
  return { as: 'producer', userId, producerId: await requireProducerId(deps, userId) };
}
const producer = (request: Parameters<typeof requireUser>[0], deps: AppDeps) => producerViewer(deps, requireUser(request).id);
const PRODUCERS = ['producer'] as const;

/**
 * Custom orders (issue 15): the buyer's calls under /custom-orders (their own orders only; any
 * other is 404), the shop's under /admin/custom-orders (admins act for the shop's services and
 * read producers' orders), and a producer's under /studio/custom-orders (their offers' orders).
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
      // Services are bought by buyers' accounts (SPEC §2: only the client menu holds Services), as the header's Custom order says to sellers and staff.
      if (effectiveRole(user.roles) !== 'client') throw new HttpError(403, 'Custom orders are placed from a buyer account');
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
      step(deps, request.params.id, () => buyer(request), (at) => ({ type: 'PostMessage', from: 'buyer', authorId: requireUser(request).id, text: request.body.text.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/custom-orders/:id/revision',
    access: 'member',
    input: { params: IdParams, ...formInput(RevisionRequest), bodyName: 'revision' },
    handle: (request, deps) => step(deps, request.params.id, () => buyer(request), (at) => ({ type: 'AskRevision', text: request.body.text.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/custom-orders/:id/accept-delivery',
    access: 'member',
    input: { params: IdParams },
    handle: (request, deps) =>
      step(deps, request.params.id, () => buyer(request), (at) => ({ type: 'AcceptDelivery', at: at.toISOString(), downloadsUntil: downloadsUntil(at, DOWNLOAD_DAYS) })),
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
    handle: (request, deps) => step(deps, request.params.id, () => shop(request), (at) => ({ type: 'AcceptCustomOrder', by: requireUser(request).id, at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/custom-orders/:id/decline',
    access: SHOP,
    input: { params: IdParams, ...formInput(DeclineCustomOrder), bodyName: 'decline' },
    handle: (request, deps) =>
      step(deps, request.params.id, () => shop(request), (at) => ({ type: 'DeclineCustomOrder', by: requireUser(request).id, reason: request.body.reason.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/custom-orders/:id/messages',
    access: SHOP,
    input: { params: IdParams, ...formInput(CustomOrderMessage), bodyName: 'message' },
    handle: (request, deps) =>
      step(deps, request.params.id, () => shop(request), (at) => ({ type: 'PostMessage', from: 'shop', authorId: requireUser(request).id, text: request.body.text.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'GET',
    path: '/studio/custom-orders',
    access: PRODUCERS,
    input: {},
    async handle(request, deps) {
      const producerId = await requireProducerId(deps, requireUser(request).id);
      return { body: { orders: await listCustomOrders(deps, { producerId }) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/studio/custom-orders/:id',
    access: PRODUCERS,
    input: { params: IdParams },
    async handle(request, deps) {
      const viewer = await producer(request, deps);
      const id = parseCustomOrderId(request.params.id);
      return { body: await customOrderDetail(deps, await readVisibleCustomOrder(deps, id, viewer), viewer) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/studio/custom-orders/:id/accept',
    access: PRODUCERS,
    input: { params: IdParams },
    handle: (request, deps) => step(deps, request.params.id, () => producer(request, deps), (at) => ({ type: 'AcceptCustomOrder', by: requireUser(request).id, at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/studio/custom-orders/:id/decline',
    access: PRODUCERS,
    input: { params: IdParams, ...formInput(DeclineCustomOrder), bodyName: 'decline' },
    handle: (request, deps) =>
      step(deps, request.params.id, () => producer(request, deps), (at) => ({ type: 'DeclineCustomOrder', by: requireUser(request).id, reason: request.body.reason.trim(), at: at.toISOString() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: '/studio/custom-orders/:id/messages',
    access: PRODUCERS,
    input: { params: IdParams, ...formInput(CustomOrderMessage), bodyName: 'message' },
    handle: (request, deps) =>
      step(deps, request.params.id, () => producer(request, deps), (at) => ({ type: 'PostMessage', from: 'shop', authorId: requireUser(request).id, text: request.body.text.trim(), at: at.toISOString() })),
  }),
];
