import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { ByteRange, MediaStorage } from './mediaStorage';

export interface ServeOptions {
  cacheControl: string;
  /** Set: the browser saves the file under this name instead of showing it. */
  attachmentName?: string;
}

/**
 * Answers a GET or HEAD with a stored file, streamed from the storage: one byte range when asked
 * (the player seeks with them; a download resumes with them), 304 when the browser's copy is
 * current. False when there is no such file, so the caller answers its own 404.
 */
export async function serveStoredMedia(request: Request, response: Response, storage: MediaStorage, key: string, options: ServeOptions): Promise<boolean> {
  const info = await storage.stat(key);
  if (!info) return false;
  const validators = { ETag: info.etag, 'Last-Modified': info.lastModified.toUTCString() };
  // request.fresh compares the request's validators with the answer's headers.
  response.set(validators);
  if (request.fresh) {
    response.set('Cache-Control', options.cacheControl).status(304).end();
    return true;
  }
  const range = requestedRange(request, info.size, info.etag);
  if (range === 'unsatisfiable') {
    response.set('Content-Range', `bytes */${info.size}`);
    response.status(416).json({ statusCode: 416, message: `The range asked for is not within this file's ${info.size} bytes` });
    return true;
  }
  const body = request.method === 'HEAD' ? null : await storage.read(key, range ?? undefined);
  if (request.method !== 'HEAD' && !body) {
    // Deleted between the two calls: nothing was sent yet, so the caller's 404 still fits.
    response.removeHeader('ETag');
    response.removeHeader('Last-Modified');
    return false;
  }
  if (options.attachmentName) response.attachment(options.attachmentName);
  response.type(info.contentType);
  response.set({ 'Cache-Control': options.cacheControl, 'Accept-Ranges': 'bytes', 'Content-Length': String(range ? range.end - range.start + 1 : info.size) });
  if (range) response.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  if (!body) {
    response.end();
    return true;
  }
  // A listener who skips ahead closes the connection mid-file; that ends the read, and is no error.
  await pipeline(body, response).catch(() => body.destroy());
  return true;
}

/** One satisfiable range, null for the whole file (no Range, a malformed one, several, or a stale If-Range). */
function requestedRange(request: Request, size: number, etag: string): ByteRange | null | 'unsatisfiable' {
  if (!request.headers.range) return null;
  const ifRange = request.headers['if-range'];
  if (ifRange && ifRange !== etag) return null;
  const ranges = request.range(size, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === undefined || ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  const [only] = ranges;
  return only ? { start: only.start, end: only.end } : null;
}
