/**
 * Removes secrets and personal data before anything leaves the browser, and again on the server.
 * Personal data is found by the shape of what holds it: the state and the actions that carry a
 * name, an address or a person's words are declared with the shared schemas, whose personal fields
 * are marked (`personal()`, shared/schemas/personal.ts; each slice's declaration beside it,
 * listed in personalDataMap.ts). Under that, a safety net for what no declaration foresaw:
 * secrets by their key's name, and in any text an email address, a card number or a mailed link's
 * token. Booleans stay (a "show password" flag is no secret), so replay of ordinary UI state is unaffected.
 */
import { REDACTED } from '../schemas/personal';
import { SESSION_STARTED } from './entry';
import { redactDeclared } from './personalData';
import { actionShapeOf, STATE_SHAPE } from './personalDataMap';

export { REDACTED };

// Anchored, so that `passwordReset` or `tokenCount` (page state, no secret) stay readable.
const SECRET_KEY = /(password|passwd|secret|token|authorization|cookie|cvc|cvv|securitycode|iban)$|^(card|cardnumber|sessionid)$/i;
/**
 * Mailed links carry their token in the path; the path is in navigation state and actions. A
 * purchase's download links (in the paid order) are bearer links too.
 */
const TOKEN_IN_PATH = /(\/(?:reset-password|email-confirmation|downloads)\/)[^/?#\s]+/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Whether the text holds an email address (`local@domain.tld` between whitespace). A scan from
 * each `@`, each part read once: the regular expression it replaces backtracked quadratically,
 * so one 64 KB string in an action-log batch held the server's event loop for seconds.
 */
export function containsEmailAddress(text: string): boolean {
  const boundary = (char: string | undefined) => char === undefined || char === '@' || /\s/.test(char);
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (boundary(text[at - 1])) continue;
    let end = at + 1;
    while (!boundary(text[end])) end++;
    const domain = text.slice(at + 1, end);
    const dot = domain.indexOf('.', 1);
    if (dot !== -1 && domain.length - dot - 1 >= 2) return true;
  }
  return false;
}

function redactText(text: string): string {
  if (looksLikeCardNumber(text) || containsEmailAddress(decoded(text))) return REDACTED;
  return text.replace(TOKEN_IN_PATH, `$1${REDACTED}`);
}

/** A run of 13 to 19 digits, spaces or dashes allowed, that passes the Luhn check: a card number. */
function looksLikeCardNumber(text: string): boolean {
  for (const candidate of text.match(/\d[\d -]{11,22}\d/g) ?? []) {
    const digits = candidate.replace(/[ -]/g, '');
    if (digits.length < 13 || digits.length > 19) continue;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    if (sum % 10 === 0) return true;
  }
  return false;
}

/** Deeper than any state we keep; past it a value is dropped rather than recursed into. */
const MAX_DEPTH = 32;

/** The safety net alone: secrets by key, and emails, card numbers and mailed tokens in any text. */
export function redactSecretsAndFreeText<T>(value: T): T {
  return redactValue(value, false, 0) as T;
}

/** A state as the action log may hold it (a page load's start, a checkpoint's hash). */
export function redactState<T>(state: T): T {
  return redactSecretsAndFreeText(redactDeclared(state, STATE_SHAPE)) as T;
}

/** An action's payload as the action log may hold it; a page load's carries the state it started from. */
export function redactPayload(type: string, payload: unknown): unknown {
  if (type === SESSION_STARTED && isRecord(payload)) return redactSecretsAndFreeText({ ...payload, state: redactDeclared(payload.state, STATE_SHAPE) });
  const shape = actionShapeOf(type);
  return redactSecretsAndFreeText(shape ? redactDeclared(payload, shape) : payload);
}

/** An action, or a log entry, with its payload redacted (the type and the rest through the safety net). */
export function redactAction<A extends { type: string; payload?: unknown }>(action: A): A {
  const { payload, ...rest } = action;
  const redacted = redactSecretsAndFreeText(rest);
  return ('payload' in action ? { ...redacted, payload: redactPayload(action.type, payload) } : redacted) as A;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function redactValue(value: unknown, sensitive: boolean, depth: number): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (sensitive || depth > MAX_DEPTH) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, false, depth + 1));
  if (typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = redactValue(item, SECRET_KEY.test(key), depth + 1);
    return result;
  }
  return value;
}
