import { Router } from 'express';
import type { AppDeps } from '../appDeps';
import { rateLimited } from './rateLimited';

const TOO_MANY_REGISTRATIONS = 'Too many registrations from this address; try again in an hour';

/**
 * Each registration attempt may mail someone (the confirmation, or the owner's notice that their
 * address was tried), so one address gets `registrationsPerHour` attempts, whatever their outcome:
 * probing which emails have accounts costs a solved captcha and one of these each time.
 */
export function registrationLimit(deps: Pick<AppDeps, 'config' | 'database' | 'clock'>): Router {
  const router = Router();
  router.post(
    '/auth/register',
    rateLimited(deps, 'registration', {
      windowMs: 60 * 60_000,
      limit: deps.config.accountProtection.registrationsPerHour,
      message: { statusCode: 429, message: TOO_MANY_REGISTRATIONS },
    }),
  );
  return router;
}
