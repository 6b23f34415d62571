import type { RequestHandler } from 'express';

/**
 * How deep a JSON body may nest. Our deepest body is an action-log batch carrying state the
 * browser already cut at 32 levels (shared/actionLog/redact.ts); nothing legitimate comes near.
 * Below it, the recursive code a body meets (superstruct, which prints a wrong value with
 * `${value}`, i.e. Array#join all the way down; redaction) stays far from the end of the stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Names JSON.parse turns into own properties that shadow what every object inherits: an object
 * holding `"toString": 1` cannot be printed (superstruct's messages print it), and `__proto__` or
 * `constructor` confuse any code that merges objects. No call takes a field so named.
 */
const BUILT_IN_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Why a decoded JSON value cannot be handed to the code behind the door, or null when it can. */
export function jsonShapeProblem(value: unknown): string | null {
  // An explicit stack: the walk must not itself overflow on the value it is there to refuse.
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (typeof current.value !== 'object' || current.value === null) continue;
    if (current.depth >= MAX_JSON_DEPTH) return `Request body nests deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(current.value)) {
      const path = current.path ? `${current.path}.${key}` : key;
      if (!Array.isArray(current.value) && BUILT_IN_NAMES.has(key)) return `Invalid ${path}: no field may be named ${key}`;
      pending.push({ value: child, path, depth: current.depth + 1 });
    }
  }
  return null;
}

/** 400 for a JSON body nested deeper than any call reads, or with a field named like a built-in; nothing reaches an endpoint. */
export const refuseUnsafeJsonShape: RequestHandler = (request, response, next) => {
  // Bytes are a body its endpoint decodes itself, with this check among others (`bytesBody`).
  if (request.body instanceof Uint8Array) return next();
  const problem = jsonShapeProblem(request.body);
  if (problem === null) return next();
  response.status(400).json({ statusCode: 400, message: problem.toWellFormed() });
};
