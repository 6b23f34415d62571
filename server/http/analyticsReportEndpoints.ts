import { AnalyticsReportQuerySchema, type AnalyticsReportQuery, type ShopReport } from '../../shared/schemas/analyticsReports';
import { producerReport } from '../analytics/reports/producerReport';
import { reportFileName, shopReportCsv } from '../analytics/reports/reportCsv';
import { resolveReportRange } from '../analytics/reports/reportRange';
import { shopReport } from '../analytics/reports/shopReport';
import type { AppDeps } from '../appDeps';
import { requireUser } from '../auth/requireUser';
import { producerIdOf } from '../producers/producerOfAccount';
import { defineEndpoint, type Endpoint } from './endpoint';

/** Who reads the shop's reports: its Dashboard is the admin's (SPEC §2), and they hold the shop's revenue. */
export const REPORT_READERS = ['admin'] as const;

/** The shop's report for the range a query names, as JSON for the Dashboard and as its CSV download. */
const readShopReport = (deps: AppDeps, query: AnalyticsReportQuery): Promise<ShopReport> =>
  shopReport(deps.database, resolveReportRange(query, deps.clock.now()));

/**
 * The shop's own reports (issue 13): the admin's, of the whole shop; a producer's, of their own
 * products only, the producer named by the session and never by the request (null before their
 * identity is verified: they have no products yet).
 */
export const analyticsReportEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/admin/analytics/report',
    access: REPORT_READERS,
    input: { query: AnalyticsReportQuerySchema },
    async handle(request, deps) {
      return { body: await readShopReport(deps, request.query) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/analytics/report.csv',
    access: REPORT_READERS,
    input: { query: AnalyticsReportQuerySchema },
    async handle(request, deps) {
      const report = await readShopReport(deps, request.query);
      return { file: { contentType: 'text/csv; charset=utf-8', content: shopReportCsv(report), attachmentName: reportFileName(report) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/producer/analytics/report',
    access: ['producer'],
    input: { query: AnalyticsReportQuerySchema },
    async handle(request, deps) {
      const range = resolveReportRange(request.query, deps.clock.now());
      const producerId = await producerIdOf(deps, requireUser(request).id);
      return { body: producerId === null ? null : await producerReport(deps.database.query, producerId, range) };
    },
  }),
];
