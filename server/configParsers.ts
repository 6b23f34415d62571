import path from 'node:path';
import { parseDatabaseUrl } from './db/openDatabase';

/**
 * Reads one environment variable's text (never empty: empty means unset). A refusal throws
 * with what the value must be; the caller names the variable.
 */
export type Parser<T> = (text: string) => T;

export class Refused extends Error {}

const refuse = (mustBe: string): never => {
  throw new Refused(mustBe);
};

/** RFC 6265 cookie-name characters (an HTTP token). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const FLAG_VALUES: Readonly<Record<string, boolean>> = {
  true: true,
  on: true,
  yes: true,
  '1': true,
  false: false,
  off: false,
  no: false,
  '0': false,
};

/** Every boolean setting takes the same spellings, in any case. */
export const flag: Parser<boolean> = (text) => FLAG_VALUES[text.toLowerCase()] ?? refuse('must be true or false (or on/off, yes/no, 1/0)');

export const text: Parser<string> = (value) => value;

const wholeNumber = (value: string) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);

export const port: Parser<number> = (value) => {
  const number = wholeNumber(value);
  return number <= 65535 ? number : refuse('must be a port number');
};

export const count: Parser<number> = (value) => {
  const number = wholeNumber(value);
  return Number.isSafeInteger(number) ? number : refuse('must be a whole number of at least 0');
};

export const positiveCount: Parser<number> = (value) => {
  const number = wholeNumber(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : refuse('must be a positive whole number');
};

export const nonNegativeNumber: Parser<number> = (value) => {
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : refuse('must be a number of at least 0');
};

export const wholeCents: Parser<number> = (value) => {
  const number = nonNegativeNumber(value);
  return Math.round(number * 100) === number * 100 ? number : refuse('must be whole cents');
};

export const percentage: Parser<number> = (value) => {
  const number = nonNegativeNumber(value);
  return number <= 100 ? number : refuse('must be at most 100');
};

export const databaseUrl: Parser<string> = (value) => {
  try {
    parseDatabaseUrl(value);
  } catch {
    refuse('must name a SQLite file (sqlite:<file>) or a PostgreSQL URL (postgres://…)');
  }
  return value;
};

/** An absolute URL without its trailing slash: where links start. */
export const baseUrl: Parser<string> = (value) => {
  const url = URL.parse(value) ?? refuse('must be an absolute URL');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
};

export const origin: Parser<string> = (value) => (URL.parse(value) ?? refuse('must be an absolute URL')).origin;

export const cookieName: Parser<string> = (value) => (COOKIE_NAME.test(value) ? value : refuse('must be a cookie name'));

export const smtpUrl: Parser<string> = (value) => (/^smtps?:\/\/[^/]/.test(value) ? value : refuse('must be an smtp:// or smtps:// URL'));

export const isoDate: Parser<Date> = (value) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? refuse('must be an ISO date') : date;
};

export const directory: Parser<string> = (value) => path.resolve(value);

export const prefixed =
  (...prefixes: string[]): Parser<string> =>
  (value) =>
    prefixes.some((prefix) => value.startsWith(prefix)) ? value : refuse(`must start with ${prefixes.join(' or ')}`);

export const rangeOf =
  (least: number, most: number): Parser<number> =>
  (value) => {
    const number = wholeNumber(value);
    return number >= least && number <= most ? number : refuse(`must be a whole number from ${least} to ${most}`);
  };

export const oneOf =
  <T extends string>(choices: readonly T[]): Parser<T> =>
  (value) =>
    choices.find((choice) => choice === value) ?? refuse(`must be one of ${choices.join(', ')}`);

/** A Google Tag Manager container id as Tag Manager shows it; nothing else reaches the page's script. */
export const tagManagerId: Parser<string> = (value) =>
  /^GTM-[A-Z0-9]{1,20}$/.test(value) ? value : refuse('must be a Google Tag Manager container id such as GTM-AB12CD3');
