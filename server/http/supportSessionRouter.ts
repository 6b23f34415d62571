import express from 'express';
import { validate } from 'superstruct';
import { SupportImportSchema } from '../../shared/schemas/support';
import type { AppDeps } from '../appDeps';
import { authorize } from './endpointAccess';
import { SUPPORT_STAFF } from './supportEndpoints';
import { importSupportSession } from '../support/sessionTransfer';
import { parseStep, replayedStateAt } from '../support/supportSessions';
import { renderReplayFrame, replayFramePolicy } from '../ssr/replayFrame';
import { hiddenSteps, notVisibleFrame, staffRoleOf } from '../support/staffVisibility';
import type { ClientAssets } from '../ssr/htmlDocument';
import { HttpError } from './endpoint';
import type { HttpMethod } from '../../shared/api/apiClient';
import type { Role } from '../../shared/domain/auth/roles';

const ADMINS = ['admin'] as const;
/** A session file: a page load carries the whole state, so a long session runs to megabytes. */
const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

/**
 * The support console's two calls that are not endpoints: a replayed page (HTML drawn with the
 * client's assets, which the endpoints' dependencies do not hold) and an admin's import of a
 * session (the file's text in a JSON body far larger than the API's JSON parser takes). Access is
 * checked exactly as the endpoints check it. A session's export is an endpoint (supportEndpoints.ts).
 */
export function supportSessionRouter(deps: AppDeps, assets: ClientAssets): express.Router {
  const router = express.Router();
  const staffOf = (request: express.Request, roles: readonly Role[], method: HttpMethod) => {
    authorize({ access: roles, method }, request.accountSession, request.path);
    return request.accountSession!.user;
  };

  router.get('/support/sessions/:sessionId/frame', async (request, response) => {
    const staff = staffOf(request, SUPPORT_STAFF, 'GET');
    const at = request.query.at;
    if (typeof at !== 'string') throw new HttpError(400, 'Say which step to show: ?at=<step number>');
    const seq = parseStep(at);
    const hiddenPage = (await hiddenSteps(deps, request.params.sessionId, staffRoleOf(staff)))(seq);
    response.set('Content-Security-Policy', replayFramePolicy(deps.config.publicUrls.files));
    if (hiddenPage !== null) {
      response.type('html').send(notVisibleFrame(hiddenPage, assets));
      return;
    }
    const { state } = await replayedStateAt(deps, request.params.sessionId, seq);
    response.type('html').send(await renderReplayFrame(state, assets).catch((error: unknown) => {
      // The state passed its schema; what else in it the page reads came from whoever wrote the log.
      throw new HttpError(422, `The page at step ${at} could not be drawn from the replayed state (${error instanceof Error ? error.message : String(error)})`);
    }));
  });

  router.post(
    '/support/sessions/import',
    (request, _response, next) => {
      staffOf(request, ADMINS, 'POST');
      next();
    },
    express.json({ limit: MAX_IMPORT_BYTES }),
    async (request, response) => {
      const [error, body] = validate(request.body, SupportImportSchema);
      if (error) throw new HttpError(400, 'Send the session file\'s text as {"file": "<JSON Lines>"}');
      response.status(201).json(await importSupportSession(deps, body.file));
    },
  );
  return router;
}
