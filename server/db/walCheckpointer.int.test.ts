import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../../test/helpers/eventually';
import { SqliteDatabase } from './sqliteDatabase';


/** On SQLite whatever the suite's database: the checkpoint thread is SQLite's. */
describe('WAL checkpoints off the event loop', () => {
  let dir: string;
  let database: SqliteDatabase;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpoint-'));
    database = await SqliteDatabase.open(path.join(dir, 'shop.sqlite'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the writer never checkpoints on a commit; the thread folds the WAL into the database file soon after', async () => {
    expect(database.writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const file = path.join(dir, 'shop.sqlite');
    const before = fs.statSync(file).size;
    // 4 MB in 2,000 commits: far past the 1,000 pages at which a writer would checkpoint by itself.
    const insert = database.writer.prepare("INSERT INTO server_secrets (name, secret, created_at) VALUES (?, ?, 0)");
    const secret = 'x'.repeat(2048);
    for (let index = 0; index < 2000; index++) await database.writeLock.run(() => insert.run(`secret-${index}`, secret));
    await eventually(() => fs.statSync(file).size, (size) => size >= before + 4_000_000, 'the WAL folded into the database file');
    expect(await database.query.selectFrom('server_secrets').select((eb) => eb.fn.countAll<number>().as('count')).where('name', 'like', 'secret-%').executeTakeFirstOrThrow()).toEqual({ count: 2000 });
  });
});
