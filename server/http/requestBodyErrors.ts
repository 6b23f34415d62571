import type { ApiErrorBody } from '../../shared/schemas/apiError';

/** What body-parser (and raw-body under it) reports, by its error `type`, in words a client can act on. */
const BODY_ERRORS: Readonly<Record<string, ApiErrorBody>> = {
  'entity.too.large': { statusCode: 413, message: 'Request body is too large' },
  'parameters.too.many': { statusCode: 413, message: 'Request body has too many fields' },
  'entity.parse.failed': { statusCode: 400, message: 'Request body is not valid JSON' },
  'charset.unsupported': { statusCode: 415, message: 'Unsupported request charset; send UTF-8' },
  'encoding.unsupported': { statusCode: 415, message: 'Unsupported Content-Encoding; send gzip, deflate, br or none' },
  'request.size.invalid': { statusCode: 400, message: 'Request body is shorter or longer than its Content-Length' },
  'request.aborted': { statusCode: 400, message: 'The request was aborted before its body arrived' },
};

const UNDECODABLE = { statusCode: 400, message: 'Request body does not match its Content-Encoding' } as const;

/**
 * The answer to a request body that could not be read, or null for any other error. A body
 * whose bytes are not what its Content-Encoding says reaches us as zlib's own error, which
 * body-parser passes on with status 400 but no `type`.
 */
export function requestBodyErrorAnswer(error: unknown): ApiErrorBody | null {
  if (typeof error !== 'object' || error === null) return null;
  const { type, status, code } = error as { type?: unknown; status?: unknown; code?: unknown };
  if (typeof type === 'string' && BODY_ERRORS[type]) return BODY_ERRORS[type];
  if (status === 400 && typeof code === 'string' && /^(Z_|ERR__|ERR_ZLIB|ERR_BROTLI|ERR_ZSTD)/.test(code)) return UNDECODABLE;
  return null;
}
