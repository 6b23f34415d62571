import type { AppDeps } from '../appDeps';
import { loadAccount } from '../auth/userRecords';
import { handleCommand } from '../domain/commandHandler';
import { contractDecider } from '../domain/contract/contractDecider';
import { type ContractIssue, contractStreamId } from '../domain/contract/contractEvents';
import { termsAndConditions } from '../../shared/content/termsAndConditions';
import { runSoon } from '../jobs/jobRunner';
import { readOrder } from '../commerce/orders';
import { type ContractContent, contractGrants, contractHash, contractIdOf } from './contractContent';
import { aggregateStream } from '../domain/aggregateStream';
import { renderContractPdf } from './contractPdf';

export const CONTRACTS_JOB = 'licence-contracts';
/** A backstop: a sale makes the job due at once (issueContractsSoon); this retries one that failed. */
export const CONTRACTS_JOB_EVERY_MS = 60_000;

export const contractFileKey = (contractId: string) => `private/contracts/${contractId}.pdf`;

/** Delivered beats of live orders (a refunded order's links are revoked) that have no contract yet. */
async function salesAwaitingContracts(deps: AppDeps): Promise<{ orderId: string; productId: number }[]> {
  const rows = await deps.database.query
    .selectFrom('commerce_downloads')
    .leftJoin('licence_contracts', (join) =>
      join.onRef('licence_contracts.order_id', '=', 'commerce_downloads.order_id').onRef('licence_contracts.product_id', '=', 'commerce_downloads.product_id'),
    )
    .select(['commerce_downloads.order_id', 'commerce_downloads.product_id'])
    .where('commerce_downloads.kind', '=', 'beat')
    .where('commerce_downloads.revoked', '=', 0)
    .where('licence_contracts.contract_id', 'is', null)
    .orderBy('commerce_downloads.order_id')
    .limit(200)
    .execute();
  return rows.map((row) => ({ orderId: row.order_id, productId: Number(row.product_id) }));
}

async function producerName(deps: AppDeps, producerId: number): Promise<string> {
  const row = await deps.database.query.selectFrom('catalogue_producers').select('artist_name').where('id', '=', producerId).executeTakeFirst();
  if (!row) throw new Error(`producer ${producerId} has no public profile`);
  return row.artist_name;
}

interface ContractFacts {
  contractId: string;
  orderId: string;
  buyerName: string;
  producerId: number;
  producerName: string;
  productId: number;
  beatName: string;
  priceCents: number;
  soldAt: string;
}

function contractContent(facts: ContractFacts): ContractContent {
  return {
    contractId: facts.contractId,
    orderId: facts.orderId,
    buyer: { name: facts.buyerName },
    producer: { producerId: facts.producerId, name: facts.producerName },
    beat: { productId: facts.productId, name: facts.beatName },
    price: { cents: facts.priceCents, currency: 'USD' },
    soldAt: facts.soldAt,
    terms: { title: termsAndConditions.title, effectiveDate: termsAndConditions.effectiveDate, grants: contractGrants() },
  };
}

/** Builds, stores and records one sale's contract; the PDF is stored before the event, so an issued contract always has its file. */
async function issueContract(deps: AppDeps, orderId: string, productId: number): Promise<void> {
  const order = await readOrder(deps, orderId);
  if (order.status !== 'paid' || order.paidAt === null) return;
  const line = order.placement.lines.find((candidate) => candidate.productId === productId && candidate.productType === 'track');
  if (!line) return;
  const account = await loadAccount(deps, order.placement.userId);
  if (!account) throw new Error(`order ${orderId} has no buyer account`);
  const contractId = contractIdOf(orderId, productId);
  const producer = { producerId: line.producerId, name: await producerName(deps, line.producerId) };
  const content = contractContent({
    contractId,
    orderId,
    buyerName: `${account.user.firstName} ${account.user.lastName}`.trim(),
    producerId: producer.producerId,
    producerName: producer.name,
    productId,
    beatName: line.name,
    priceCents: line.priceCents,
    soldAt: order.paidAt,
  });
  const hash = contractHash(content);
  const fileKey = contractFileKey(contractId);
  await deps.media.put(fileKey, await renderContractPdf(content, hash, deps.config.publicUrl), { contentType: 'application/pdf', visibility: 'private' });
  const issue: ContractIssue = {
    contractId,
    orderId,
    productId,
    beatName: line.name,
    producerId: line.producerId,
    producerName: producer.name,
    buyerUserId: order.placement.userId,
    priceCents: line.priceCents,
    soldAt: order.paidAt,
    issuedAt: deps.clock.now().toISOString(),
    contentHash: hash,
    fileKey,
  };
  await handleCommand(deps.eventStore, contractStreamId(contractId), contractDecider, { type: 'IssueContract', issue });
}

/**
 * The contracts job: each delivered beat gets its licence contract once, after the order is paid,
 * never in the buyer's request. A sale that fails is logged and tried again at the next run; the
 * others go on.
 */
export async function issueLicenceContracts(deps: AppDeps): Promise<void> {
  await deps.projector.catchUp();
  const failures: string[] = [];
  for (const { orderId, productId } of await salesAwaitingContracts(deps)) {
    try {
      await issueContract(deps, orderId, productId);
    } catch (error) {
      failures.push(`beat ${productId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await deps.projector.catchUp();
  if (failures.length > 0) throw new Error(`Contracts not issued: ${failures.join('; ')}`);
}

/** What a contract prints for a buyer whose account was erased. */
export const ERASED_BUYER_NAME = 'Deleted account';

/**
 * An erased account's contracts, as buyer or as producer, are made again with the person's name
 * replaced (the other party keeps a valid contract of the sale; the old PDF, which named the
 * person, is overwritten). Names come from the contract's own event, the buyer's only from the
 * account, which is gone by now.
 */
export async function reissueContractsOfErasedAccount(deps: AppDeps, userId: number, producerId: number | null, erasedProducerName: string): Promise<void> {
  const rows = await deps.database.query
    .selectFrom('licence_contracts')
    .select('contract_id')
    .where((eb) => eb.or([eb('buyer_user_id', '=', userId), ...(producerId === null ? [] : [eb('producer_id', '=', producerId)])]))
    .execute();
  for (const { contract_id: contractId } of rows) {
    const { state } = await aggregateStream(deps.eventStore, contractStreamId(contractId), contractDecider);
    if (state.status !== 'issued') continue;
    const { issue } = state;
    const buyerAccount = issue.buyerUserId === userId ? null : await loadAccount(deps, issue.buyerUserId);
    const buyerName = buyerAccount ? `${buyerAccount.user.firstName} ${buyerAccount.user.lastName}`.trim() : ERASED_BUYER_NAME;
    const producerName = issue.producerId === producerId ? erasedProducerName : issue.producerName;
    const content = contractContent({ ...issue, buyerName, producerName });
    const hash = contractHash(content);
    await deps.media.put(issue.fileKey, await renderContractPdf(content, hash, deps.config.publicUrl), { contentType: 'application/pdf', visibility: 'private' });
    await handleCommand(deps.eventStore, contractStreamId(contractId), contractDecider, {
      type: 'ReissueContract',
      producerName,
      contentHash: hash,
      reissuedAt: deps.clock.now().toISOString(),
    });
  }
}

/** Called once a payment is recorded: the buyer's contract is wanted now, not at the next scheduled run. */
export const issueContractsSoon = (deps: AppDeps) => runSoon(deps.database, CONTRACTS_JOB, deps.clock.now());
