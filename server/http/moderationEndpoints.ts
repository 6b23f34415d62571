import { object, string } from 'superstruct';
import { DismissSchema, TrackRejectionSchema, UpholdSchema } from '../../shared/schemas/moderation';
import { requireUser } from '../auth/requireUser';
import { decideTrack, pendingTracks } from '../moderation/pendingTracks';
import { decideReport, openReports } from '../moderation/reportedTracks';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';
import { parseProductId } from './productId';

const MODERATORS = ['moderator', 'admin'] as const;
const ReportParams = object({ reportId: string() });
const ProductParams = object({ productId: string() });

function parseReportId(text: string): number {
  if (!/^\d{1,12}$/.test(text)) throw new HttpError(400, `Invalid report id: ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** SPEC §2 admin menu: `Pending tracks` and `Reported tracks`, and a moderator's decision on each. */
export const moderationEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/moderation/tracks/pending',
    access: MODERATORS,
    input: {},
    async handle(_request, deps) {
      return { body: { tracks: await pendingTracks(deps) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/moderation/tracks/:productId/approve',
    access: MODERATORS,
    input: { params: ProductParams },
    async handle(request, deps) {
      await decideTrack(deps, parseProductId(request.params.productId), { approve: true }, requireUser(request).id);
      return { body: { status: 'listed' } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/moderation/tracks/:productId/reject',
    access: MODERATORS,
    input: { params: ProductParams, body: TrackRejectionSchema, bodyName: 'rejection', formRules: (body) => refuseFormErrors(body, TrackRejectionSchema) },
    async handle(request, deps) {
      await decideTrack(deps, parseProductId(request.params.productId), { approve: false, reason: request.body.reason }, requireUser(request).id);
      return { body: { status: 'rejected' } };
    },
  }),
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
