import { object, string } from 'superstruct';
import { DismissSchema, UpholdSchema } from '../../shared/schemas/moderation';
import { requireUser } from '../auth/requireUser';
import { decideReport, openReports } from '../moderation/reportedTracks';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';

const MODERATORS = ['moderator', 'admin'] as const;
const ReportParams = object({ reportId: string() });

function parseReportId(text: string): number {
  if (!/^\d{1,12}$/.test(text)) throw new HttpError(400, `Invalid report id: ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** SPEC §2 admin menu, `Reported tracks`: the open reports, and a moderator's decision on each. */
export const moderationEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/moderation/tracks/reported',
    access: MODERATORS,
    input: {},
    async handle(_request, deps) {
      return { body: { reports: await openReports(deps) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/moderation/reports/:reportId/uphold',
    access: MODERATORS,
    input: { params: ReportParams, body: UpholdSchema, bodyName: 'decision', formRules: (body) => refuseFormErrors(body, UpholdSchema) },
    async handle(request, deps) {
      await decideReport(deps, parseReportId(request.params.reportId), 'uphold', request.body.note, requireUser(request).id);
      return { body: { status: 'upheld' } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/moderation/reports/:reportId/dismiss',
    access: MODERATORS,
    input: { params: ReportParams, body: DismissSchema, bodyName: 'decision' },
    async handle(request, deps) {
      await decideReport(deps, parseReportId(request.params.reportId), 'dismiss', request.body.note ?? '', requireUser(request).id);
      return { body: { status: 'dismissed' } };
    },
  }),
];
