import type { AdminBlockAnswer } from '../../shared/schemas/adminLists';
import type { AppDeps } from '../appDeps';
import { revokeAllSessions } from '../auth/sessions';
import { handleCommand } from '../domain/commandHandler';
import { DomainError } from '../domain/decider';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';
import { producerIdOf } from '../producers/producerOfAccount';

async function runOnProducts(deps: AppDeps, productIds: readonly number[], type: 'WithholdProduct' | 'RestoreProduct', adminId: number): Promise<number> {
  let changed = 0;
  for (const productId of productIds) {
    const { append, position } = await handleCommand(deps.eventStore, productStreamId(productId), productDecider, { type, productId }, { metadata: { by: adminId } });
    await deps.projector.waitFor(position);
    if (append) changed += 1;
  }
  return changed;
}

/**
 * Blocks an account. Its sessions end before the event is appended (as a revoked staff role's
 * do), so the account stream that sees UserBlocked finds no session and closes, and the next
 * request is a guest's; login is refused while blocked. A producer's unsold listings leave the
 * shop. Blocking again finishes what a crash left half done.
 */
export async function blockAccount(deps: AppDeps, userId: number, adminId: number): Promise<AdminBlockAnswer> {
  if (userId === adminId) throw new DomainError('You cannot block your own account', 400);
  await deps.database.transaction((tx) => revokeAllSessions(tx, userId, deps.clock.now().getTime()));
  const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'Block', userId }, { metadata: { by: adminId } });
  await deps.projector.waitFor(position);
  const producerId = await producerIdOf(deps, userId, { anyStatus: true });
  if (producerId === null) return { blocked: true, withheldProducts: 0 };
  const listed = await deps.database.query.selectFrom('admin_products').select('product_id').where('producer_id', '=', producerId).where('status', '=', 'listed').execute();
  await runOnProducts(
    deps,
    listed.map((row) => Number(row.product_id)),
    'WithholdProduct',
    adminId,
  );
  return { blocked: true, withheldProducts: await withheldCount(deps, producerId) };
}

/** Unblocks an account: login works again, and a producer's withheld listings return to the shop. */
export async function unblockAccount(deps: AppDeps, userId: number, adminId: number): Promise<AdminBlockAnswer> {
  const { position } = await handleCommand(deps.eventStore, userStreamId(userId), userDecider, { type: 'Unblock', userId }, { metadata: { by: adminId } });
  await deps.projector.waitFor(position);
  const producerId = await producerIdOf(deps, userId, { anyStatus: true });
  if (producerId === null) return { blocked: false, withheldProducts: 0 };
  const withheld = await deps.database.query.selectFrom('admin_products').select('product_id').where('producer_id', '=', producerId).where('status', '=', 'withheld').execute();
  await runOnProducts(
    deps,
    withheld.map((row) => Number(row.product_id)),
    'RestoreProduct',
    adminId,
  );
  return { blocked: false, withheldProducts: await withheldCount(deps, producerId) };
}

/** Whether the member behind a producer profile is blocked: their beats stay out of the shop until unblocked. */
export async function producerIsBlocked(deps: AppDeps, producerId: number): Promise<boolean> {
  const row = await deps.database.query
    .selectFrom('producer_verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select('u.blocked')
    .where('v.producer_id', '=', producerId)
    .executeTakeFirst();
  return Number(row?.blocked ?? 0) === 1;
}

async function withheldCount(deps: AppDeps, producerId: number): Promise<number> {
  const row = await deps.database.query
    .selectFrom('admin_products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('producer_id', '=', producerId)
    .where('status', '=', 'withheld')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
