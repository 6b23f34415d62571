import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * The client's content-hashed files, immutable for a year. The build writes a `.br` and a `.gz`
 * beside each script and style sheet (server/build/clientBuild.ts); the browser gets the brotli
 * one when it asks for `br`, the gzip one when it asks for `gzip`, the plain file otherwise, with
 * `Vary: Accept-Encoding`. Nothing is compressed per request. The folder is read once, here, so
 * the build must be done before the app is made (`npm start` builds first).
 */
export function staticAssets(folder: string): RequestHandler {
  return expressStaticGzip(folder, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
  });
}
