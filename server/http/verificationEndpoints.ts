import { object, string } from 'superstruct';
import { RejectionSchema, VerificationRequestSchema } from '../../shared/schemas/verification';
import { requireUser } from '../auth/requireUser';
import { approveVerification, pendingProducers, rejectVerification, submitVerification, verificationOf } from '../producers/identityVerification';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';

const UserParams = object({ userId: string() });

function parseUserId(text: string): number {
  if (!/^\d{1,12}$/.test(text)) throw new HttpError(400, `Invalid user id: ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

const MODERATORS = ['moderator', 'admin'] as const;

/**
 * SPEC §2 "Complete identity verification to start selling tracks": the producer's side in the
 * dashboard, and the moderators' `Pending producers` on the admin site.
 */
export const verificationEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/producer/verification',
    access: ['producer'],
    input: {},
    async handle(request, deps) {
      return { body: await verificationOf(deps, requireUser(request).id) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/producer/verification',
    access: ['producer'],
    input: { body: VerificationRequestSchema, bodyName: 'verification', formRules: (body) => refuseFormErrors(body, VerificationRequestSchema) },
    async handle(request, deps) {
      return { status: 201, body: await submitVerification(deps, requireUser(request).id, request.body) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/moderation/producers/pending',
    access: MODERATORS,
    input: {},
    async handle(_request, deps) {
      return { body: { producers: await pendingProducers(deps) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/moderation/producers/:userId/approve',
    access: MODERATORS,
    input: { params: UserParams },
    async handle(request, deps) {
      return { body: await approveVerification(deps, parseUserId(request.params.userId), requireUser(request).id) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/moderation/producers/:userId/reject',
    access: MODERATORS,
    input: { params: UserParams, body: RejectionSchema, bodyName: 'rejection', formRules: (body) => refuseFormErrors(body, RejectionSchema) },
    async handle(request, deps) {
      return { body: await rejectVerification(deps, parseUserId(request.params.userId), request.body.reason, requireUser(request).id) };
    },
  }),
];
