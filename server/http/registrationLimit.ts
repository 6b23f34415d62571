import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Config } from '../config';

const TOO_MANY_REGISTRATIONS = 'Too many registrations from this address; try again in an hour';

/**
 * Each registration attempt may mail someone (the confirmation, or the owner's notice that their
 * address was tried), so one address gets `registrationsPerHour` attempts, whatever their outcome:
 * probing which emails have accounts costs a solved captcha and one of these each time.
 */
export function registrationLimit(config: Pick<Config, 'accountProtection'>): Router {
  const router = Router();
  router.post(
    '/auth/register',
    rateLimit({
      windowMs: 60 * 60_000,
      limit: config.accountProtection.registrationsPerHour,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: { statusCode: 429, message: TOO_MANY_REGISTRATIONS },
    }),
  );
  return router;
}
