import { CAPTCHA_HEADER, captchaHeaders } from '../../shared/api/captcha';
import type { Clock } from '../../server/appDeps';
import { solveCaptcha } from './captcha';

/** A clock the test moves by hand, for expiry rules. */
export function manualClock(start = new Date('2026-11-21T10:00:00.000Z')): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const attribute of rest) {
    const [key = '', value] = attribute.split('=');
    attributes[key.toLowerCase()] = value ?? true;
  }
  return { name: pair.slice(0, separator), value: decodeURIComponent(pair.slice(separator + 1)), attributes };
}

/** Calls the storefront sends with a solved captcha (server/captcha/captcha.ts). */
const CAPTCHA_CALLS = new Set(['POST /auth/register', 'POST /auth/reset', 'POST /pages/contact', 'POST /pages/subscribe', 'POST /tracks/report']);

/**
 * A browser as far as the API sees one: a cookie jar over real HTTP. Cookies that an answer
 * expires are dropped, as a browser drops them. Before a call the storefront protects with the
 * captcha, it solves a fresh challenge, as the widget does, unless the call gives its own
 * `Altcha` header (an empty one sends none).
 */
export class ApiBrowser {
  readonly cookies = new Map<string, string>();
  lastSetCookies: SetCookie[] = [];

  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const solved = CAPTCHA_CALLS.has(`${method} ${path}`) && !(CAPTCHA_HEADER in headers) ? await solveCaptcha(this.baseUrl, this.headers) : null;
    const cookie = this.cookieHeader();
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { Cookie: cookie } : {}),
        ...captchaHeaders(solved),
        ...this.headers,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.lastSetCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const set of this.lastSetCookies) {
      const expires = set.attributes.expires;
      if (typeof expires === 'string' && Date.parse(expires) <= Date.now()) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  async json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.call(method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  }
}

export const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'beats42',
  confirmPassword: 'beats42',
  country: 'Germany',
  countryShortName: 'DE',
  agreeTerms: true,
  selectedRole: 'client',
  ...overrides,
});
