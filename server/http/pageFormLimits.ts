import { Router } from 'express';
import type { AppDeps } from '../appDeps';
import { rateLimited } from './rateLimited';

export const PAGE_FORM_WINDOW_MS = 15 * 60_000;

/** What each form's 429 says: which form, and when to try again. */
export const PAGE_FORM_LIMIT_MESSAGES = {
  '/pages/contact': 'Too many messages from this address; try again in 15 minutes',
  '/pages/subscribe': 'Too many subscription requests from this address; try again in 15 minutes',
  '/tracks/report': 'Too many reports from this address; try again in 15 minutes',
} as const;

/**
 * Each public form may be sent `pageFormsPer15Minutes` times per address in 15 minutes, with its
 * own count, the way password-reset mails are limited: a bot cannot fill the support inbox, the
 * newsletter list or the moderators' queue. Counted before the body is parsed, so a flood costs
 * little.
 */
export function pageFormLimits(deps: Pick<AppDeps, 'config' | 'database' | 'clock'>): Router {
  const router = Router();
  for (const [path, message] of Object.entries(PAGE_FORM_LIMIT_MESSAGES)) {
    router.post(path, rateLimited(deps, `page-form${path}`, { windowMs: PAGE_FORM_WINDOW_MS, limit: deps.config.pageFormsPer15Minutes, message: { statusCode: 429, message } }));
  }
  return router;
}
