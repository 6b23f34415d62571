import type { RequestHandler } from 'express';

/**
 * Where in a decoded value a string (a value or an object key) is not well-formed Unicode: a
 * lone surrogate, which JSON's `\uD800` escapes can carry. Such text cannot be stored as UTF-8
 * and would come back as different bytes, so it is refused at the door. The walk keeps its own
 * stack: JSON may nest deeper than the call stack goes.
 */
export function findMalformedText(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (!current.isWellFormed()) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!key.isWellFormed()) return childPath;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/** 400 for a JSON body or a query string holding text that is not valid Unicode; nothing reaches an endpoint. */
export const refuseMalformedText: RequestHandler = (request, response, next) => {
  for (const [part, value] of [
    ['query', request.query],
    // Bytes are a body its endpoint decodes itself, with this check among others (`bytesBody`).
    ['body', request.body instanceof Uint8Array ? undefined : request.body],
  ] as const) {
    const path = findMalformedText(value);
    if (path === null) continue;
    response.status(400).json({ statusCode: 400, message: `Invalid ${(path || part).toWellFormed()}: text must be valid Unicode (it holds a lone surrogate)` });
    return;
  }
  next();
};
