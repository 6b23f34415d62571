import express from 'express';
import type { AppDeps } from '../appDeps';
import { requireSession } from '../auth/requireUser';
import { receiveBeatUpload } from '../studio/beatUpload';
import { requireProducerId } from '../studio/studioBeats';
import { authorize } from './endpointAccess';

/** Who may upload: the same `access` check every endpoint gets, so a non-producer learns nothing. */
const UPLOAD = { method: 'POST', access: ['producer'] } as const;

/**
 * `POST /studio/beats`: a producer's upload, multipart/form-data streamed to storage (beatUpload.ts),
 * so it is routed before the API's JSON parsers. A refusal that comes before the body was read
 * closes the connection after answering: the rest of a 300 MB file is not waited for.
 */
export function studioUploadRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.post('/studio/beats', async (request, response) => {
    try {
      authorize(UPLOAD, request.accountSession, request.path);
      const producerId = await requireProducerId(deps, requireSession(request.accountSession).user.id);
      response.status(201).json(await receiveBeatUpload(deps, request, producerId));
    } catch (error) {
      if (!request.complete) response.set('Connection', 'close');
      throw error;
    }
  });
  return router;
}
