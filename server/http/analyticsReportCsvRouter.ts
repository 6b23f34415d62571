import express from 'express';
import { AnalyticsReportQuerySchema } from '../../shared/schemas/analyticsReports';
import { reportFileName, shopReportCsv } from '../analytics/reports/reportCsv';
import type { AppDeps } from '../appDeps';
import { REPORT_READERS, readShopReport } from './analyticsReportEndpoints';
import { parseInput } from './endpoint';
import { authorize } from './endpointAccess';

/**
 * `GET /admin/analytics/report.csv?from=&to=`: the admin Dashboard's report as a download. Not JSON,
 * so not an endpoint; its access is checked exactly as the endpoints check theirs (404 to anyone
 * but an admin), before the query is read.
 */
export function analyticsReportCsvRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.get('/admin/analytics/report.csv', async (request, response) => {
    authorize({ access: REPORT_READERS, method: 'GET' }, request.accountSession, request.path);
    const report = await readShopReport(deps, parseInput(request.query, AnalyticsReportQuerySchema, 'query'));
    response.attachment(reportFileName(report)).type('text/csv; charset=utf-8').send(shopReportCsv(report));
  });
  return router;
}
