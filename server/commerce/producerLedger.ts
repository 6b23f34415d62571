import type { LedgerEntry, PayoutRequest, ProducerBalance, Statement, StatementDetail } from '../../shared/schemas/earnings';
import type { AppDeps } from '../appDeps';
import { readDecodedStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { payoutEventCodec } from '../domain/payout/payoutEventCodec';
import { payoutDecider } from '../domain/payout/payoutDecider';
import { payoutStreamId } from '../domain/payout/payoutEvents';
import { HttpError } from '../http/endpoint';

interface MonthSums {
  producerId: number;
  month: string;
  kind: 'sale' | 'refund' | 'payout';
  price: number;
  discount: number;
  commission: number;
  net: number;
}

async function producerNames(deps: AppDeps, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.database.query.selectFrom('catalogue_producers').select(['id', 'artist_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [Number(row.id), row.artist_name]));
}

async function monthSums(deps: AppDeps, producerId?: number): Promise<MonthSums[]> {
  let query = deps.database.query
    .selectFrom('producer_ledger')
    .select((eb) => [
      'producer_id',
      'month',
      'kind',
      eb.fn.sum<string | number>('price_cents').as('price'),
      eb.fn.sum<string | number>('discount_cents').as('discount'),
      eb.fn.sum<string | number>('commission_cents').as('commission'),
      eb.fn.sum<string | number>('net_cents').as('net'),
    ])
    .groupBy(['producer_id', 'month', 'kind']);
  if (producerId !== undefined) query = query.where('producer_id', '=', producerId);
  return (await query.execute()).map((row) => ({
    producerId: Number(row.producer_id),
    month: row.month,
    kind: row.kind,
    price: Number(row.price),
    discount: Number(row.discount),
    commission: Number(row.commission),
    net: Number(row.net),
  }));
}

/** Every producer's statements month by month, each opening where the last closed; oldest first. */
async function statementsOf(deps: AppDeps, producerId?: number): Promise<Statement[]> {
  const sums = await monthSums(deps, producerId);
  const names = await producerNames(deps, [...new Set(sums.map((sum) => sum.producerId))]);
  const byKey = new Map<string, Statement>();
  for (const sum of sums) {
    const key = `${sum.producerId} ${sum.month}`;
    const statement = byKey.get(key) ?? {
      producerId: sum.producerId,
      producerName: names.get(sum.producerId) ?? `Producer ${sum.producerId}`,
      month: sum.month,
      openingCents: 0,
      salesCents: 0,
      refundsCents: 0,
      commissionCents: 0,
      netCents: 0,
      payoutsCents: 0,
      closingCents: 0,
    };
    if (sum.kind === 'sale') statement.salesCents += sum.price - sum.discount;
    if (sum.kind === 'refund') statement.refundsCents -= sum.price - sum.discount;
    if (sum.kind === 'payout') statement.payoutsCents -= sum.net;
    else {
      statement.commissionCents += sum.commission;
      statement.netCents += sum.net;
    }
    byKey.set(key, statement);
  }
  const statements = [...byKey.values()].sort((a, b) => a.producerId - b.producerId || a.month.localeCompare(b.month));
  let balance = 0;
  let producer = -1;
  for (const statement of statements) {
    if (statement.producerId !== producer) [producer, balance] = [statement.producerId, 0];
    statement.openingCents = balance;
    balance += statement.netCents - statement.payoutsCents;
    statement.closingCents = balance;
  }
  return statements;
}

/** The admin's `Reports (statements)`: newest month first, then by producer. */
export async function allStatements(deps: AppDeps): Promise<Statement[]> {
  return (await statementsOf(deps)).sort((a, b) => b.month.localeCompare(a.month) || a.producerName.localeCompare(b.producerName));
}

export async function statementDetail(deps: AppDeps, producerId: number, month: string): Promise<StatementDetail> {
  const statement = (await statementsOf(deps, producerId)).find((candidate) => candidate.month === month);
  if (!statement) throw new HttpError(404, `No statement for producer ${producerId} in ${month}`);
  const rows = await deps.database.query
    .selectFrom('producer_ledger')
    .selectAll()
    .where('producer_id', '=', producerId)
    .where('month', '=', month)
    .orderBy('at')
    .orderBy('entry_key')
    .execute();
  const entries: LedgerEntry[] = rows.map((row) => ({
    kind: row.kind,
    orderId: row.order_id,
    description: row.description,
    at: new Date(Number(row.at)).toISOString(),
    priceCents: row.price_cents,
    discountCents: row.discount_cents,
    commissionCents: row.commission_cents,
    netCents: row.net_cents,
  }));
  return { statement, entries };
}

/** A producer's own balance and statements (newest first); a producer without sales has none. */
export async function myEarnings(deps: AppDeps, producerId: number | null): Promise<{ balanceCents: number; statements: Statement[] }> {
  if (producerId === null) return { balanceCents: 0, statements: [] };
  const statements = await statementsOf(deps, producerId);
  return { balanceCents: statements.at(-1)?.closingCents ?? 0, statements: statements.reverse() };
}

/** Every producer with a ledger: what they earned, were paid and are owed, the most owed first. */
export async function producerBalances(deps: AppDeps, producerId?: number): Promise<ProducerBalance[]> {
  let query = deps.database.query
    .selectFrom('producer_ledger')
    .select((eb) => [
      'producer_id',
      eb.fn.sum<string | number>(eb.case().when('kind', '=', 'payout').then(0).else(eb.ref('net_cents')).end()).as('earned'),
      eb.fn.sum<string | number>(eb.case().when('kind', '=', 'payout').then(eb.neg(eb.ref('net_cents'))).else(0).end()).as('paid'),
      eb.fn.max<string | number | null>(eb.case().when('kind', '=', 'payout').then(eb.ref('at')).end()).as('last_payout'),
    ])
    .groupBy('producer_id');
  if (producerId !== undefined) query = query.where('producer_id', '=', producerId);
  const rows = await query.execute();
  const names = await producerNames(deps, rows.map((row) => Number(row.producer_id)));
  return rows
    .map((row) => {
      const id = Number(row.producer_id);
      const earnedCents = Number(row.earned);
      const paidOutCents = Number(row.paid);
      return {
        producerId: id,
        producerName: names.get(id) ?? `Producer ${id}`,
        earnedCents,
        paidOutCents,
        balanceCents: earnedCents - paidOutCents,
        lastPayoutAt: row.last_payout === null ? null : new Date(Number(row.last_payout)).toISOString(),
      };
    })
    .sort((a, b) => b.balanceCents - a.balanceCents || a.producerName.localeCompare(b.producerName));
}

/**
 * "Mark payout sent": recorded once per `payoutId`, and never more than the balance. The
 * producer's payout stream orders payouts (two at once conflict, and the second is decided
 * again with the first one counted).
 */
export async function sendPayout(deps: AppDeps, request: PayoutRequest, by: number) {
  await deps.projector.catchUp();
  const [balance] = await producerBalances(deps, request.producerId);
  if (!balance) throw new HttpError(404, `Producer ${request.producerId} has no balance`);
  const { position } = await handleCommand(deps.eventStore, payoutStreamId(request.producerId), payoutDecider, {
    type: 'SendPayout',
    earnedCents: balance.earnedCents,
    payout: { payoutId: request.payoutId, producerId: request.producerId, amountCents: request.amountCents, reference: request.reference.trim(), sentAt: deps.clock.now().toISOString(), by },
  });
  // A repeated submit appends nothing; its position is the first submit's payout, counted before the balance is read.
  await deps.projector.waitFor(position);
  const [after] = await producerBalances(deps, request.producerId);
  return { payout: await recordedPayout(deps, request.producerId, request.payoutId), balance: after ?? balance };
}

/** The payout as first recorded: a repeated submit answers the same payout. */
async function recordedPayout(deps: AppDeps, producerId: number, payoutId: string) {
  const events = await readDecodedStream(deps.eventStore, payoutStreamId(producerId), payoutEventCodec);
  const recorded = events.find((event) => event.data.payoutId === payoutId);
  if (!recorded) throw new Error(`Payout ${payoutId} was not recorded`);
  const { by: _by, ...payout } = recorded.data;
  return payout;
}
