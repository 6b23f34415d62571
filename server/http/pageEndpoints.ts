import type { Struct } from 'superstruct';
import {
  ContactRequestSchema,
  formErrors,
  type SoundServices,
  SubscribeRequestSchema,
  TrackReportRequestSchema,
} from '../../shared/schemas/pages';
import { fileTrackReport, listSoundServices, storeContactMessage, subscribe } from '../pages/pageForms';
import { passCaptcha } from '../captcha/captcha';
import { type Endpoint, HttpError } from './endpoint';

const OK = { status: 'ok' } as const;

/** The form's values, or 400 with the first field's message and `errors` with every field's. */
function parseForm<T>(body: unknown, schema: Struct<T, unknown>): T {
  const errors = formErrors(body, schema);
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new HttpError(400, first, { errors });
  return body as T;
}

/**
 * SPEC §7: the content pages' calls. Each POST is rate-limited per address (server/http/pageFormLimits.ts)
 * and needs a solved captcha once its fields are valid.
 */
export const pageEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/pages/services/sound',
    access: 'anyone',
    async handle(_request, deps) {
      return { body: { services: await listSoundServices(deps) } satisfies SoundServices };
    },
  },
  {
    method: 'POST',
    path: '/pages/contact',
    access: 'anyone',
    async handle({ body, context }, deps) {
      const message = parseForm(body, ContactRequestSchema);
      await passCaptcha(deps, context);
      await storeContactMessage(deps, message, context.session?.user.id ?? null);
      return { status: 201, body: OK };
    },
  },
  {
    method: 'POST',
    path: '/pages/subscribe',
    access: 'anyone',
    async handle({ body, context }, deps) {
      const { email } = parseForm(body, SubscribeRequestSchema);
      await passCaptcha(deps, context);
      await subscribe(deps, email);
      return { body: OK };
    },
  },
  {
    method: 'POST',
    path: '/tracks/report',
    access: 'anyone',
    async handle({ body, context }, deps) {
      const report = parseForm(body, TrackReportRequestSchema);
      await passCaptcha(deps, context);
      if (!(await fileTrackReport(deps, report, context.session?.user.id ?? null))) {
        throw new HttpError(404, `Product ${report.productId} not found`);
      }
      return { status: 201, body: OK };
    },
  },
];
