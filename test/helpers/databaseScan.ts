import { type Kysely, sql } from 'kysely';
import type { Tables } from '../../server/db/schema';

/** Every table of a database, by the database's own catalogue: a table added later is scanned too. */
export async function tableNames(query: Kysely<Tables>, kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const catalogue =
    kind === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
      : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  return (await catalogue.execute(query)).rows.map((row) => row.name);
}

/** Each needle found (lowercased) in these tables, with the table and the start of the row it is in. */
export async function findNeedles(query: Kysely<Tables>, tables: readonly string[], needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(query);
    for (const row of rows) {
      const text = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)).toLowerCase();
      for (const needle of needles) {
        const at = text.indexOf(needle.toLowerCase());
        if (at !== -1) found.push(`${table}: ${needle} in …${text.slice(Math.max(0, at - 150), at + 100)}…`);
      }
    }
  }
  return found;
}
