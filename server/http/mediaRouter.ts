import express from 'express';
import { isMediaKey, visibilityOf } from '../media/storage/mediaKey';
import { IMMUTABLE_CACHE_CONTROL, type MediaStorage, PUBLIC_CACHE_CONTROL } from '../media/storage/mediaStorage';
import { serveStoredMedia } from '../media/storage/serveStoredMedia';

const NOT_FOUND = { statusCode: 404, message: 'There is no such media file' };

/**
 * `/media/<key>`: public media (previews, images) from the storage, whichever it is: files on
 * disk, or a bucket streamed through this server when no FILES_URL serves it directly. Private
 * keys answer exactly as missing ones do; they leave only through download links.
 */
export function mediaRouter(storage: MediaStorage): express.Router {
  const router = express.Router();
  router.get('/{*key}', async (request, response) => {
    // Express has decoded each segment; the key's rules then refuse `..`, `%2F` tricks and the like.
    const segments: unknown = request.params.key;
    const key = Array.isArray(segments) ? segments.join('/') : '';
    const cacheControl = key.startsWith('covers/') ? IMMUTABLE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
    const served = isMediaKey(key) && visibilityOf(key) === 'public' && (await serveStoredMedia(request, response, storage, key, { cacheControl }));
    if (!served) response.status(404).json(NOT_FOUND);
  });
  return router;
}
