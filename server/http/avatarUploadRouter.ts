import express from 'express';
import type { AppDeps } from '../appDeps';
import { AVATAR_CONTENT_TYPES, AVATAR_LIMITS, AvatarRefused } from '../account/avatarImage';
import { changeAvatar } from '../account/profileSettings';
import { requireSession } from '../auth/requireUser';
import { authorize } from './endpointAccess';
import { HttpError } from './endpoint';

const UPLOAD = { method: 'POST', access: 'member' } as const;
const WRONG_TYPE = `Send the picture as the request body with Content-Type ${AVATAR_CONTENT_TYPES.join(', ')}`;

/**
 * `POST /account/avatar`: the picture itself is the body (no multipart: one small file), read up to
 * the cap before the API's JSON parser, then checked by its content with sharp (avatarImage.ts).
 */
export function avatarUploadRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.post(
    '/account/avatar',
    (request, _response, next) => {
      authorize(UPLOAD, request.accountSession, request.path);
      if (!request.is([...AVATAR_CONTENT_TYPES])) throw new HttpError(415, WRONG_TYPE);
      next();
    },
    express.raw({ type: [...AVATAR_CONTENT_TYPES], limit: AVATAR_LIMITS.maxBytes }),
    async (request, response) => {
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (content.length === 0) throw new HttpError(400, 'The picture is empty');
      try {
        response.status(200).json(await changeAvatar(deps, requireSession(request.accountSession), content));
      } catch (error) {
        if (error instanceof AvatarRefused) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
  return router;
}
