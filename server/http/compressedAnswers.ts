import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Server-rendered pages and JSON answers, compressed on the fly: brotli when the browser asks for
 * it (the compression middleware prefers `br`, at quality 4, fast enough for every request), gzip
 * otherwise, and the bytes as they are when nothing is asked. Left alone:
 * - event streams, so that each event reaches the browser the moment it is written (a compressor
 *   holds bytes back until its window fills);
 * - answers to a Range request: the byte ranges of a download or a preview count bytes of the file
 *   itself, and audio and images are compressed already;
 * - the precompressed static assets, which arrive here with their Content-Encoding set.
 */
export function compressedAnswers(): RequestHandler {
  return compression({
    filter: (request, response) =>
      request.headers.range === undefined &&
      !String(response.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
      compression.filter(request, response),
  });
}
