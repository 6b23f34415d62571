import type { Kysely, Migration } from 'kysely';

export const migration0026 = (): Migration => ({
  async up(db: Kysely<unknown>) {
    // The sessions list names each session's browser and when it was last used. The last use is
    // written as requests come (at most once a minute) into a table of its own: a read leaves
    // the sessions themselves untouched.
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema
      .createTable('session_activity')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('session_activity_user').on('session_activity').columns(['user_id']).execute();
    // An email change's link carries the new address to the account only once it is confirmed.
    await db.schema.alterTable('account_tokens').addColumn('new_email', 'text').execute();
    await db.schema.alterTable('users').addColumn('avatar_src', 'text').execute();
  },
});
