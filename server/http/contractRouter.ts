import express from 'express';
import { CONTRACT_ID } from '../../shared/schemas/library';
import type { AppDeps } from '../appDeps';
import { ACCOUNT_BLOCKED } from '../auth/requireUser';
import { producerIdOf } from '../producers/producerOfAccount';
import { PRIVATE_CACHE_CONTROL } from '../media/storage/mediaStorage';
import { serveStoredMedia } from '../media/storage/serveStoredMedia';

const NO_SUCH_CONTRACT = 'This contract does not exist';

/**
 * A licence contract's PDF, a file rather than JSON, so not an endpoint object. It is served to
 * the two parties only: the order's buyer and the producer who sold the beat; to anyone else the
 * contract does not exist.
 */
export function contractRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.get('/account/contracts/:contractId/pdf', async (request, response) => {
    const refuse = (statusCode: number, message: string) => void response.status(statusCode).json({ statusCode, message });
    const session = request.accountSession;
    if (!session) return refuse(401, 'Please log in to download your contracts');
    if (session.blocked) return refuse(403, ACCOUNT_BLOCKED);
    const { contractId } = request.params;
    const row = CONTRACT_ID.test(contractId)
      ? await deps.database.query.selectFrom('licence_contracts').select(['buyer_user_id', 'producer_id', 'file_key']).where('contract_id', '=', contractId).executeTakeFirst()
      : undefined;
    if (!row) return refuse(404, NO_SUCH_CONTRACT);
    const isBuyer = Number(row.buyer_user_id) === session.user.id;
    if (!isBuyer && (await producerIdOf(deps, session.user.id)) !== Number(row.producer_id)) return refuse(404, NO_SUCH_CONTRACT);
    const served = await serveStoredMedia(request, response, deps.media, row.file_key, { cacheControl: PRIVATE_CACHE_CONTROL, attachmentName: `Licence contract ${contractId}.pdf` });
    if (!served) refuse(404, 'This contract is missing from our storage; please contact support');
  });
  return router;
}
