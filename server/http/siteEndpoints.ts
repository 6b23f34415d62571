import { requireUser } from '../auth/requireUser';
import { adminSummary } from '../sites/adminOverview';
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
