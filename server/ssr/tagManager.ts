import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { ROUTES } from '../../shared/routes/routeTable';

/**
 * SPEC §7 "an analytics tag-manager script is loaded": Google Tag Manager, when TAG_MANAGER_ID
 * names a container. Its snippet is inline, so it runs by a nonce drawn for each response; it
 * hands the nonce on to gtm.js, so the CSP lets no script run merely for coming from Tag Manager's
 * origin (anyone can publish a container there).
 */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

export interface TagManagerTag {
  id: string;
  /** This response's CSP nonce. */
  nonce: string;
}

/** Draws the response's nonce before helmet writes the CSP that names it. */
export const issueCspNonce: RequestHandler = (_request, response, next) => {
  response.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

export const cspNonceOf = (response: Response): string => response.locals.cspNonce as string;

/** What the tag manager adds to the CSP (Google's guide for Tag Manager with a CSP): the nonce, and its origin for images and requests. */
export const TAG_MANAGER_DIRECTIVES = {
  scriptSrc: [(_request: IncomingMessage, response: ServerResponse) => `'nonce-${cspNonceOf(response as Response)}'`],
  imgSrc: [TAG_MANAGER_ORIGIN],
  connectSrc: [TAG_MANAGER_ORIGIN],
};

/**
 * The storefront's own pages get it; the dashboard and admin sites' pages (buyers' and staff's
 * data) and the pages whose address carries a mailed token do not, so neither reaches analytics.
 */
const WITHOUT_TAG_MANAGER: ReadonlySet<string> = new Set(['email-confirmation-token', 'reset-password-token']);

export function tagManagerOnRoute(routeName: string | null): boolean {
  const route = ROUTES.find((candidate) => candidate.name === routeName);
  return route !== undefined && !('sitePage' in route) && !WITHOUT_TAG_MANAGER.has(route.name);
}

/** The container's loader: starts the data layer and adds gtm.js with this script's nonce. */
export function tagManagerScript({ id, nonce }: TagManagerTag): string {
  const src = JSON.stringify(`${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`);
  return (
    `<script nonce="${nonce}">(function(){var w=window,d=document,s=d.createElement('script');` +
    `w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` +
    `s.async=true;s.src=${src};s.nonce=d.currentScript.nonce;d.head.appendChild(s);})();</script>`
  );
}
