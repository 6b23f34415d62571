import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { openActionLogReader } from '../actionLog/actionLogs';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/testDatabase';
import type { Database } from './database';

/**
 * A table's columns: whether each may hold NULL (as schema.ts declares it: `null` among its
 * types, or `unknown`, which takes both; as the database made it).
 */
type DeclaredColumns = Map<string, Map<string, { nullable: boolean | 'either' }>>;

/**
 * The tables schema.ts gives kysely (`interface Tables`: table name to interface), read with the
 * TypeScript compiler: each interface's properties are the columns, `| null` in a property's type
 * the column's NULL.
 */
function declaredTables(): DeclaredColumns {
  const file = path.join(__dirname, 'schema.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const properties = (declaration: ts.InterfaceDeclaration) =>
    declaration.members.filter(ts.isPropertySignature).map((member) => ({ name: member.name.getText(source), type: member.type }));
  const tables: DeclaredColumns = new Map();
  for (const table of properties(interfaces.get('Tables')!)) {
    const declaration = interfaces.get(table.type!.getText(source));
    if (!declaration) throw new Error(`schema.ts: table ${table.name} names an interface it does not declare`);
    tables.set(table.name, new Map(properties(declaration).map((column) => [column.name, { nullable: column.type?.kind === ts.SyntaxKind.UnknownKeyword ? 'either' : column.type !== undefined && mentionsNull(column.type) }])));
  }
  return tables;
}

/** Whether `null` is one of the types `node` writes, anywhere in it (`string | null`, `ColumnType<number | null, …>`). */
const mentionsNull = (node: ts.Node): boolean => (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword) || node.getChildren().some(mentionsNull);

/** The tables the migrations made, as the database itself lists them (kysely's introspection), action logs included. */
async function migratedTables(database: Database): Promise<DeclaredColumns> {
  const logs = openActionLogReader(database);
  try {
    const tables = new Map<string, Map<string, { nullable: boolean }>>();
    for (const query of logs.query === database.query ? [database.query] : [database.query, logs.query]) {
      for (const table of await query.introspection.getTables()) {
        // SQLite lets a PRIMARY KEY column that is not an INTEGER one hold NULL unless it says
        // NOT NULL; PostgreSQL never does. A key is never written NULL here, so it counts as NOT NULL.
        const keys = database.kind === 'sqlite' ? (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table.name}) WHERE pk > 0`.execute(query)).rows.map((row) => row.name) : [];
        tables.set(table.name, new Map(table.columns.map((column) => [column.name, { nullable: column.isNullable && !keys.includes(column.name) }])));
      }
    }
    return tables;
  } finally {
    await logs.close();
  }
}

/**
 * Issue 28: schema.ts is kept by hand beside the migrations, and nothing checked one against the
 * other, so a column added by a migration and forgotten in schema.ts (or the reverse) was found
 * only by the query that met it. Here the migrated database and schema.ts must agree on every
 * table, column and NULL, on SQLite and on PostgreSQL.
 */
describe('schema.ts against the migrated database', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase({ migrated: true });
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });

  test('every table and column the migrations made is declared, and nothing else; NULL where the type says null', async () => {
    const declared = declaredTables();
    const migrated = await migratedTables(database);
    const differences: string[] = [];
    for (const [table, columns] of migrated) {
      const types = declared.get(table);
      if (!types) {
        differences.push(`${table}: made by the migrations, not in schema.ts`);
        continue;
      }
      for (const [column, { nullable }] of columns) {
        const type = types.get(column);
        if (!type) differences.push(`${table}.${column}: made by the migrations, not in schema.ts`);
        else if (type.nullable !== 'either' && type.nullable !== nullable) differences.push(`${table}.${column}: ${nullable ? 'NULL allowed' : 'NOT NULL'} in the database, ${type.nullable ? 'null' : 'never null'} in schema.ts`);
      }
      for (const column of types.keys()) if (!columns.has(column)) differences.push(`${table}.${column}: in schema.ts, not made by the migrations`);
    }
    for (const table of declared.keys()) if (!migrated.has(table)) differences.push(`${table}: in schema.ts, not made by the migrations`);
    expect(differences).toEqual([]);
  });
});
