import type { AppDeps } from '../appDeps';

/**
 * The producer profile an account sells under: null until a moderator verified it. With
 * `anyStatus`, the profile the account was ever given, also while a later verification request is
 * pending or was rejected (blocking an account withholds that profile's products all the same).
 */
export async function producerIdOf(deps: Pick<AppDeps, 'database'>, userId: number, options: { anyStatus?: boolean } = {}): Promise<number | null> {
  let query = deps.database.query.selectFrom('producer_verifications').select('producer_id').where('user_id', '=', userId);
  if (!options.anyStatus) query = query.where('status', '=', 'verified');
  const row = await query.executeTakeFirst();
  return row?.producer_id == null ? null : Number(row.producer_id);
}
