import { object, string } from 'superstruct';
import { OfferForm } from '../../shared/schemas/producerOffers';
import { requireUser } from '../auth/requireUser';
import { liveOffer, offersOf, publishOffer, reviseOffer, withdrawOffer } from '../producers/producerOffers';
import { requireProducerId } from '../studio/studioBeats';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';
import { parseNumericId } from './productId';

const OfferParams = object({ id: string() });
const ProducerQuery = object({ producer: string() });
const offerForm = { body: OfferForm.body, bodyName: 'service', formRules: (body: unknown) => refuseFormErrors(body, OfferForm.form) };

const NO_SUCH_OFFER = 'This service is no longer offered';

/**
 * Producers' own custom services (issue 15): anyone reads a producer's live offers (their page,
 * the order form); a verified producer publishes, revises and withdraws their own under /studio.
 */
export const producerOfferEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/offers',
    access: 'anyone',
    input: { query: ProducerQuery },
    async handle(request, deps) {
      return { body: { offers: await offersOf(deps, parseNumericId('producer', request.query.producer)) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/offers/:id',
    access: 'anyone',
    input: { params: OfferParams },
    async handle(request, deps) {
      const offer = await liveOffer(deps, parseNumericId('service', request.params.id));
      if (!offer) throw new HttpError(404, NO_SUCH_OFFER);
      return { body: offer };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/studio/offers',
    access: ['producer'],
    input: {},
    async handle(request, deps) {
      return { body: { offers: await offersOf(deps, await requireProducerId(deps, requireUser(request).id)) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/studio/offers',
    access: ['producer'],
    input: offerForm,
    async handle(request, deps) {
      const producerId = await requireProducerId(deps, requireUser(request).id);
      return { status: 201, body: await publishOffer(deps, producerId, request.body) };
    },
  }),
  defineEndpoint({
    method: 'PUT',
    path: '/studio/offers/:id',
    access: ['producer'],
    input: { params: OfferParams, ...offerForm },
    async handle(request, deps) {
      const producerId = await requireProducerId(deps, requireUser(request).id);
      return { body: await reviseOffer(deps, producerId, parseNumericId('service', request.params.id), request.body) };
    },
  }),
  defineEndpoint({
    method: 'DELETE',
    path: '/studio/offers/:id',
    access: ['producer'],
    input: { params: OfferParams },
    async handle(request, deps) {
      const producerId = await requireProducerId(deps, requireUser(request).id);
      await withdrawOffer(deps, producerId, parseNumericId('service', request.params.id));
      return { body: { status: 'ok' } };
    },
  }),
];
