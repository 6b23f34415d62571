import { object, string } from 'superstruct';
import { SupportSearchQuerySchema } from '../../shared/schemas/support';
import { requireUser } from '../auth/requireUser';
import { parseSupportSearch, searchSessions } from '../support/sessionSearch';
import { sessionBuyers } from '../support/sessionBuyer';
import { exportSupportSession } from '../support/sessionTransfer';
import { refuseHiddenStep, staffRoleOf, withoutHiddenSteps } from '../support/staffVisibility';
import { openSupportSession, parseStep, supportStep } from '../support/supportSessions';
import { defineEndpoint, type Endpoint } from './endpoint';

/** Issue 12: the support console is for moderators and admins; to everyone else it does not exist. */
export const SUPPORT_STAFF = ['moderator', 'admin'] as const;
const SessionParams = object({ sessionId: string() });
const StepParams = object({ sessionId: string(), seq: string() });

export const supportEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/support/sessions',
    access: SUPPORT_STAFF,
    input: { query: SupportSearchQuerySchema },
    async handle(request, deps) {
      const found = await searchSessions(deps, parseSupportSearch(request.query));
      return { body: { ...found, buyers: await sessionBuyers(deps, found.sessions, staffRoleOf(requireUser(request))) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/support/sessions/:sessionId',
    access: SUPPORT_STAFF,
    input: { params: SessionParams },
    async handle(request, deps) {
      const staff = requireUser(request);
      const role = staffRoleOf(staff);
      const detail = await openSupportSession(deps, request.params.sessionId, { id: staff.id, role });
      return { body: await withoutHiddenSteps(deps, detail, role) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/support/sessions/:sessionId/steps/:seq',
    access: SUPPORT_STAFF,
    input: { params: StepParams },
    async handle(request, deps) {
      const seq = parseStep(request.params.seq);
      await refuseHiddenStep(deps, request.params.sessionId, seq, staffRoleOf(requireUser(request)));
      return { body: await supportStep(deps, request.params.sessionId, seq) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/support/sessions/:sessionId/export',
    access: SUPPORT_STAFF,
    input: { params: SessionParams },
    async handle(request, deps) {
      const staff = requireUser(request);
      const { fileName, text } = await exportSupportSession(deps, request.params.sessionId, staff.id, staffRoleOf(staff));
      return { file: { contentType: 'application/jsonl; charset=utf-8', content: text, attachmentName: fileName } };
    },
  }),
];
