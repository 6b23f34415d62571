import { object, string } from 'superstruct';
import { BeatDetailsSchema } from '../../shared/schemas/studio';
import { requireUser } from '../auth/requireUser';
import { producerIdOf } from '../producers/producerOfAccount';
import { changeBeat, requireProducerId, studioBeats, withdrawBeat } from '../studio/studioBeats';
import { verificationOf } from '../producers/identityVerification';
import { defineEndpoint, type Endpoint } from './endpoint';
import { refuseFormErrors } from './formErrors';
import { parseProductId } from './productId';

const BeatParams = object({ productId: string() });

/** The producer's `My beats` (issue 14): their uploads in every state, edits and withdrawals. */
export const studioEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/studio/beats',
    access: ['producer'],
    input: {},
    async handle(request, deps) {
      const userId = requireUser(request).id;
      const producerId = await producerIdOf(deps, userId);
      const { status } = await verificationOf(deps, userId);
      return { body: { verified: producerId !== null, verification: status, beats: producerId === null ? [] : await studioBeats(deps, producerId) } };
    },
  }),
  defineEndpoint({
    method: 'PUT',
    path: '/studio/beats/:productId',
    access: ['producer'],
    input: { params: BeatParams, body: BeatDetailsSchema, bodyName: 'beat', formRules: (body) => refuseFormErrors(body, BeatDetailsSchema) },
    async handle(request, deps) {
      const producerId = await requireProducerId(deps, requireUser(request).id);
      await changeBeat(deps, producerId, parseProductId(request.params.productId), request.body);
      return { body: { status: 'ok' } };
    },
  }),
  defineEndpoint({
    method: 'DELETE',
    path: '/studio/beats/:productId',
    access: ['producer'],
    input: { params: BeatParams },
    async handle(request, deps) {
      const producerId = await requireProducerId(deps, requireUser(request).id);
      await withdrawBeat(deps, producerId, parseProductId(request.params.productId));
      return { body: { status: 'ok' } };
    },
  }),
];
