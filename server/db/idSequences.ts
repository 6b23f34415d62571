import type { Database } from './database';

/** The sequences of `id_sequences`: users, producers made by verification, products uploaded in the studio, producers' service offers. */
export type SequenceName = 'user' | 'producer' | 'product' | 'offer';

/** Takes the next number of a sequence: one conditional UPDATE, so two servers never get the same. */
export async function nextId(database: Database, name: SequenceName): Promise<number> {
  return database.transaction(async (tx) => {
    const { value } = await tx
      .updateTable('id_sequences')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', name)
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(value);
  });
}
