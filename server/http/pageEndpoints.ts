import {
  ContactRequestSchema,
  NOT_YOUR_ORDER,
  type SoundServices,
  SubscribeRequestSchema,
  TrackReportRequestSchema,
} from '../../shared/schemas/pages';
import { fileTrackReport, listSoundServices, storeContactMessage, subscribe } from '../pages/pageForms';
import { passCaptcha } from '../captcha/captcha';
import { ownsOrder } from '../sites/buyerPages';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';

const OK = { status: 'ok' } as const;

/**
 * SPEC §7: the content pages' calls. Each POST is rate-limited per address (server/http/pageFormLimits.ts)
 * and needs a solved captcha once its fields are valid.
 */
export const pageEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/pages/services/sound',
    access: 'anyone',
    input: {},
    async handle(_request, deps) {
      return { body: { services: await listSoundServices(deps) } satisfies SoundServices };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/pages/contact',
    access: 'anyone',
    input: { body: ContactRequestSchema, formRules: (body) => refuseFormErrors(body, ContactRequestSchema) },
    async handle({ body: message, context }, deps) {
      const userId = context.session?.user.id ?? null;
      // Checked before the captcha is spent: a wrong pick is corrected and sent again. Another's order
      // and no such order get the same words, so the answer tells nothing about orders not one's own.
      if (message.orderId !== undefined && (userId === null || !(await ownsOrder(deps, userId, message.orderId)))) {
        throw new HttpError(400, NOT_YOUR_ORDER, { errors: { orderId: NOT_YOUR_ORDER } });
      }
      await passCaptcha(deps, context);
      await storeContactMessage(deps, message, userId);
      return { status: 201, body: OK };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/pages/subscribe',
    access: 'anyone',
    input: { body: SubscribeRequestSchema, formRules: (body) => refuseFormErrors(body, SubscribeRequestSchema) },
    async handle({ body: { email }, context }, deps) {
      await passCaptcha(deps, context);
      await subscribe(deps, email);
      return { body: OK };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/tracks/report',
    access: 'anyone',
    input: { body: TrackReportRequestSchema, formRules: (body) => refuseFormErrors(body, TrackReportRequestSchema) },
    async handle({ body: report, context }, deps) {
      await passCaptcha(deps, context);
      if (!(await fileTrackReport(deps, report, context.session?.user.id ?? null))) {
        throw new HttpError(404, `Product ${report.productId} not found`);
      }
      return { status: 201, body: OK };
    },
  }),
];
