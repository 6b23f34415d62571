import { ContractVerifyQuerySchema } from '../../shared/schemas/library';
import { requireUser } from '../auth/requireUser';
import { parseOrderId } from '../commerce/orders';
import { purchasesOf } from '../library/purchases';
import { resendOrderMail } from '../library/resendOrderMail';
import { salesOf } from '../library/sales';
import { verifyContract } from '../library/verifyContract';
import { defineEndpoint, type Endpoint } from './endpoint';

const LOGIN_FOR_PURCHASES = 'Please log in to see your purchases';

/** The buyer's library (My purchases), the producer's sales with their contracts, and the public check of a contract. */
export const libraryEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/account/orders',
    access: 'member',
    loginMessage: LOGIN_FOR_PURCHASES,
    input: {},
    async handle(request, deps) {
      return { body: await purchasesOf(deps, requireUser(request).id) };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/account/orders/:id/mail',
    access: 'member',
    loginMessage: LOGIN_FOR_PURCHASES,
    input: {},
    async handle(request, deps) {
      const user = requireUser(request);
      return { body: { message: await resendOrderMail(deps, user.id, parseOrderId(request.params.id)) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/account/sales',
    access: ['producer'],
    input: {},
    async handle(request, deps) {
      return { body: { sales: await salesOf(deps, requireUser(request).id) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/contracts/verify',
    access: 'anyone',
    input: { query: ContractVerifyQuerySchema },
    async handle({ query }, deps) {
      return { body: await verifyContract(deps, query.id, query.hash) };
    },
  }),
];
