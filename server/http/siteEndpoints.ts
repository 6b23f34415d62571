import { requireUser } from '../auth/requireUser';
import { adminSummary } from '../sites/adminOverview';
import { followedProducers, supportOrders, wishlistProducts } from '../sites/buyerPages';
import { dashboardHome } from '../sites/dashboardHome';
import { defineEndpoint, type Endpoint } from './endpoint';

/** Reads behind the dashboard and admin sites' pages (shared/sites/siteRoutes.ts). */
export const siteEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/dashboard/home',
    access: 'member',
    input: {},
    async handle(request, deps) {
      return { body: await dashboardHome(deps, requireUser(request).id) };
    },
  }),
  // The buyer's pages read only the caller's own follows, wishlist and orders; any account has them.
  defineEndpoint({
    method: 'GET',
    path: '/dashboard/following',
    access: 'member',
    input: {},
    async handle(request, deps) {
      return { body: { producers: await followedProducers(deps, requireUser(request).id) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/dashboard/wishlist',
    access: 'member',
    input: {},
    async handle(request, deps) {
      return { body: { tracks: await wishlistProducts(deps, requireUser(request).id) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/dashboard/support/orders',
    access: 'member',
    input: {},
    async handle(request, deps) {
      return { body: { orders: await supportOrders(deps, requireUser(request).id) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/summary',
    access: ['admin'],
    input: {},
    async handle(_request, deps) {
      return { body: await adminSummary(deps) };
    },
  }),
];
