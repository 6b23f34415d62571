import { object, string } from 'superstruct';
import { AdminOrderQuerySchema, AdminPeopleQuerySchema, AdminTrackQuerySchema } from '../../shared/schemas/adminLists';
import { buyerDetail, orderDetail, producerDetail, trackDetail } from '../admin/adminDetails';
import { listBuyers, listOrders, listProducers, listTracks } from '../admin/adminLists';
import { refundOrderByAdmin } from '../admin/adminRefund';
import { blockAccount, unblockAccount } from '../admin/blockAccount';
import { changeModeratorRole } from '../admin/staffRoleConsole';
import { requireUser } from '../auth/requireUser';
import { parseOrderId } from '../commerce/orders';
import { defineEndpoint, type Endpoint } from './endpoint';
import { parseNumericId, parseProductId } from './productId';

const ADMINS = ['admin'] as const;
/** SPEC §2 gives `All producers` to the moderator's menu as well as the admin's. */
const PRODUCER_READERS = ['moderator', 'admin'] as const;
const IdParams = object({ id: string() });

/**
 * SPEC §2 admin menu: the back office's lists and details, refunds, and blocking accounts (issue 15);
 * granting and revoking the moderator role (issue 12).
 */
export const adminEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/admin/buyers',
    access: ADMINS,
    input: { query: AdminPeopleQuerySchema },
    async handle(request, deps) {
      return { body: await listBuyers(deps, request.query) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/buyers/:id',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await buyerDetail(deps, parseNumericId('buyer', request.params.id)) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/producers',
    access: PRODUCER_READERS,
    input: { query: AdminPeopleQuerySchema },
    async handle(request, deps) {
      return { body: await listProducers(deps, request.query) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/producers/:id',
    access: PRODUCER_READERS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await producerDetail(deps, parseNumericId('producer', request.params.id)) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/tracks',
    access: ADMINS,
    input: { query: AdminTrackQuerySchema },
    async handle(request, deps) {
      return { body: await listTracks(deps, request.query) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/tracks/:id',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await trackDetail(deps, parseProductId(request.params.id)) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/orders',
    access: ADMINS,
    input: { query: AdminOrderQuerySchema },
    async handle(request, deps) {
      return { body: await listOrders(deps, request.query) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/orders/:id',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await orderDetail(deps, parseOrderId(request.params.id)) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/orders/:id/refund',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await refundOrderByAdmin(deps, parseOrderId(request.params.id), requireUser(request).id) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/block',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await blockAccount(deps, parseNumericId('user', request.params.id), requireUser(request).id) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/unblock',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await unblockAccount(deps, parseNumericId('user', request.params.id), requireUser(request).id) };
    },
  }),
  // The role is part of the path, not a parameter: any other role name is a call that does not exist (404).
  defineEndpoint({
    method: 'PUT',
    path: '/admin/users/:id/roles/moderator',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await changeModeratorRole(deps, 'grant', parseNumericId('user', request.params.id), requireUser(request).id) };
    },
  }),
  defineEndpoint({
    method: 'DELETE',
    path: '/admin/users/:id/roles/moderator',
    access: ADMINS,
    input: { params: IdParams },
    async handle(request, deps) {
      return { body: await changeModeratorRole(deps, 'revoke', parseNumericId('user', request.params.id), requireUser(request).id) };
    },
  }),
];
