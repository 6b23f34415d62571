import { type Struct, StructError, validate } from 'superstruct';
import type { HttpMethod } from '../../shared/api/apiClient';
import type { Role } from '../../shared/domain/auth/roles';
import type { AppDeps } from '../appDeps';
import type { SessionCookie } from '../auth/sessionCookie';
import type { AccountSession } from '../auth/sessions';

/** Who is asking: the same for an HTTP request and for an in-process call made while rendering it. */
export interface RequestContext {
  ip: string;
  cookies: Record<string, string>;
  headers: Record<string, string | undefined>;
  /**
   * The logged-in account, resolved from the session cookie; null for a guest; absent when not
   * resolved yet (the in-process API then resolves it from `cookies`).
   */
  session?: AccountSession | null;
}

export interface EndpointRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  context: RequestContext;
}

export interface EndpointResult {
  status?: number;
  body?: unknown;
  /**
   * An answer that is not JSON (a page, a download), sent over HTTP instead of `body`. The
   * in-process API, which serves the render's JSON reads, refuses a call that answers one.
   */
  file?: FileAnswer;
  /** Sent over HTTP only: server rendering reads, and never logs anyone in or out. */
  sessionCookie?: SessionCookie;
  /** Other httpOnly, SameSite=Lax cookies the answer sets (a value) or clears (null); HTTP only as well. */
  cookies?: ResponseCookie[];
}

export interface FileAnswer {
  contentType: string;
  content: string;
  /** Offered as a download under this name (Content-Disposition: attachment). */
  attachmentName?: string;
  headers?: Record<string, string>;
}

export interface ResponseCookie {
  name: string;
  value: string | null;
  maxAgeMs?: number;
}

/**
 * Who may call an endpoint, checked before anything else of the request (server/http/endpointAccess.ts):
 * `anyone`; `member`, any logged-in account that is not blocked (a guest gets 401, a blocked account
 * 403); or the roles that see the call at all, for whom else it does not exist (404, DESIGN "Roles on
 * the server").
 */
export type Access = 'anyone' | 'member' | readonly Role[];

/**
 * The shared schemas an endpoint's input must fit, as data: checked in one place before the
 * handler runs (`defineEndpoint`), and read by the fuzzer (test/security/endpointFuzzing.int.test.ts).
 * A call that declares no `body` takes none: a body other than `{}` is refused, not ignored.
 */
export interface EndpointInput {
  // Any struct: its type is read back through DecodedRequest.
  body?: Struct<any, any>;
  query?: Struct<any, any>;
  params?: Struct<any, any>;
  /** What the body is called when it is wrong as a whole: `Invalid <bodyName>: …`. */
  bodyName?: string;
  /** SPEC's form rules, run before the body's schema, so a form error gets SPEC's words per field. */
  formRules?: (body: unknown) => void;
  /**
   * For a body too costly to decode on the event loop that answers buyers: the handler gets its
   * bytes (server/app.ts hands them over unparsed) and must refuse, off that loop, what every JSON
   * check of the API and the `body` schema refuse; `body` still names its shape for the fuzzer.
   */
  bytesBody?: true;
}

type Decoded<S, Otherwise> = S extends Struct<infer T, infer _> ? T : Otherwise;

/** A request whose declared parts fit their schemas, coerced as the schemas say. */
export interface DecodedRequest<I extends EndpointInput> {
  params: Decoded<I['params'], Record<string, string>>;
  query: Decoded<I['query'], Record<string, unknown>>;
  body: I['bytesBody'] extends true ? Uint8Array : Decoded<I['body'], unknown>;
  context: RequestContext;
}

/** One API call: thin, it validates, runs a command or query, and answers. */
export interface Endpoint {
  method: HttpMethod;
  /** Express path syntax under /api/v1, e.g. `/tracks/:id`. */
  path: string;
  access: Access;
  /** What a guest is told by a `member` call, when more than `Unauthorized` helps them on. */
  loginMessage?: string;
  /** The schemas its input is decoded with; `{}` for a call that reads only its path. */
  input: EndpointInput;
  /**
   * The answer depends on nothing but the URL and the database (not the session, a header, or the
   * clock): over HTTP it is kept, serialised, until the database changes
   * (server/http/sharedAnswers.ts). Only for `anyone`'s calls.
   */
  sharedAnswer?: true;
  handle(request: EndpointRequest, deps: AppDeps): Promise<EndpointResult>;
}

/** An endpoint whose handler gets its input decoded by the schemas it declares. */
export function defineEndpoint<I extends EndpointInput>(
  definition: Omit<Endpoint, 'input' | 'handle'> & { input: I; handle(request: DecodedRequest<I>, deps: AppDeps): Promise<EndpointResult> },
): Endpoint {
  const { handle, ...endpoint } = definition;
  return { ...endpoint, handle: (request, deps) => handle(decodeInput(definition, request), deps) };
}

function decodeInput<I extends EndpointInput>({ input, method, path }: Pick<Endpoint, 'method' | 'path'> & { input: I }, request: EndpointRequest): DecodedRequest<I> {
  if (!input.body && !isNoBody(request.body)) throw new HttpError(400, `${method} ${path} takes no body`);
  if (!input.bytesBody) input.formRules?.(request.body);
  const decoded = {
    context: request.context,
    params: input.params ? parseInput(request.params, input.params, 'path') : request.params,
    query: input.query ? parseInput(request.query, input.query, 'query') : request.query,
    body: input.bytesBody ? bytesOf(request.body) : input.body ? parseInput(request.body, input.body, input.bodyName ?? 'body') : request.body,
  };
  // Each declared part was checked against its schema just above (a bytes body is its handler's to check); TypeScript cannot follow that through the conditional type.
  return decoded as DecodedRequest<I>;
}

/** A request sent without a body reaches a bytes endpoint with none: it reads as the empty object, as JSON's parser reads one. */
const bytesOf = (body: unknown): Uint8Array => (body instanceof Uint8Array ? body : new Uint8Array());

/**
 * What a call that reads no body may still be sent: nothing, or the empty object that some
 * clients send for "no data".
 */
const isNoBody = (body: unknown) =>
  body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More fields for the error answer, e.g. `errors` with a message per form field. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Checks input against a shared schema; a mismatch is the caller's mistake, answered with 400. */
export function parseInput<T, S>(value: unknown, struct: Struct<T, S>, what: string): T {
  const [error, result] = validate(value, struct, { coerce: true });
  if (error) throw new HttpError(400, describeStructError(error, what));
  return result;
}

function describeStructError(error: StructError, what: string): string {
  const failure = error.failures()[0] ?? error;
  const where = failure.path.length > 0 ? failure.path.join('.') : what;
  // superstruct's object() types a key it does not know as `never`.
  return `Invalid ${where}: ${failure.type === 'never' ? 'no such field in this request' : failure.message}`;
}
