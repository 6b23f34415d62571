import type { RequestHandler } from 'express';

/**
 * 415 for a body no parser read (XML, a form, JSON under another name): the call would
 * otherwise run as if nothing had been sent, and a call that takes no body would answer 2xx.
 * Runs after the API's body parsers.
 */
export const refuseUnreadBody: RequestHandler = (request, response, next) => {
  const sent = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (!sent || request.body !== undefined) return next();
  response.status(415).json({ statusCode: 415, message: 'Unsupported Content-Type; send application/json' });
};
