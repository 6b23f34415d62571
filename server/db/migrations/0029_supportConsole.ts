import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationTarget } from './migrationTarget';

export const migration0029 = ({ kind }: MigrationTarget): Migration => ({
  async up(db: Kysely<unknown>) {
    // The support console joins a tab's log to the events its requests caused by the tracking id
    // in their metadata (SPEC §7), a guest's cart and orders included: an index, not a scan.
    if (kind === 'postgres') await sql`CREATE INDEX events_tracking_id ON events ((metadata ->> 'trackingId'))`.execute(db);
    else await sql`CREATE INDEX events_tracking_id ON events (metadata ->> '$.trackingId')`.execute(db);
    // A session an admin imported from another server's export, and the events that came with it
    // (that shop's history: kept beside the session, never appended to this event store).
    await db.schema.alterTable('action_log_sessions').addColumn('imported_at', 'bigint').execute();
    await db.schema
      .createTable('support_imported_events')
      .addColumn('session_id', 'text', (col) => col.notNull())
      .addColumn('position', 'bigint', (col) => col.notNull())
      .addColumn('view', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('support_imported_events_pk', ['session_id', 'position'])
      .execute();
  },
});
