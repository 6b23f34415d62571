import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteDatabase } from '../db/sqliteDatabase';
import { HttpError } from '../http/endpoint';
import { GroupCommit, type ItemOutcome } from './groupCommit';

/** An item writes one row; `refuse` throws the item's own refusal after writing, `fail` a failure of the transaction. */
type Item = { name: string; refuse?: boolean; fail?: boolean };

/** Group commit serves SQLite's single writer (sqliteActionLogWriter.ts): tested on a SQLite file whatever the suite's database. */
describe('group commit', () => {
  let dir: string;
  let database: SqliteDatabase;
  let transactions: number;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    database = await SqliteDatabase.open(path.join(dir, 'group.sqlite'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    transactions = 0;
  });

  const group = (maxItems = 32) => {
    const insert = database.writer.prepare<[string]>("INSERT INTO server_secrets (name, secret, created_at) VALUES (?, 's', 0)");
    const writeOne = database.writer.transaction((item: Item) => {
      insert.run(item.name);
      if (item.refuse) throw new HttpError(413, `${item.name} refused`);
      if (item.fail) throw new Error('the disk is gone');
      return item.name;
    });
    const writeGroup = database.writer.transaction((items: readonly Item[]): ItemOutcome<string>[] =>
      items.map((item) => {
        try {
          return { output: writeOne(item) };
        } catch (error) {
          if (error instanceof HttpError) return { refusal: error };
          throw error;
        }
      }),
    );
    return new GroupCommit<Item, string>(
      (take) =>
        database.writeLock.run(() => {
          transactions++;
          return writeGroup.immediate(take());
        }),
      { windowMs: 5, maxItems },
    );
  };
  const stored = async (names: string[]) =>
    (await database.query.selectFrom('server_secrets').select('name').where('name', 'in', names).orderBy('name').execute()).map((row) => row.name);

  test('items submitted together share one transaction, and each caller hears only once its item is committed', async () => {
    const commit = group();
    const names = Array.from({ length: 10 }, (_, index) => `together-${index}`);
    const seenOnAnswer = await Promise.all(names.map(async (name) => (await commit.submit({ name })) && (await stored([name]))));
    expect(seenOnAnswer).toEqual(names.map((name) => [name]));
    expect(transactions).toBe(1);
  });

  test('a group holds at most maxItems; the rest follow in the next transaction', async () => {
    const commit = group(4);
    const names = Array.from({ length: 10 }, (_, index) => `bounded-${index}`);
    expect(await Promise.all(names.map((name) => commit.submit({ name })))).toEqual(names);
    expect(transactions).toBe(3);
    expect(await stored(names)).toEqual([...names].sort());
  });

  test('an item refused rolls back its own writes only; the others are stored', async () => {
    const commit = group();
    const results = await Promise.allSettled([commit.submit({ name: 'kept-1' }), commit.submit({ name: 'refused', refuse: true }), commit.submit({ name: 'kept-2' })]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new HttpError(413, 'refused refused'));
    expect(await stored(['kept-1', 'refused', 'kept-2'])).toEqual(['kept-1', 'kept-2']);
    expect(transactions).toBe(1);
  });

  test('a failure of the transaction fails every item of the group and stores none; the next group works', async () => {
    const commit = group();
    const results = await Promise.allSettled([commit.submit({ name: 'lost-1' }), commit.submit({ name: 'lost-2', fail: true }), commit.submit({ name: 'lost-3' })]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(results.map((result) => String((result as PromiseRejectedResult).reason))).toEqual(Array(3).fill('Error: the disk is gone'));
    expect(await stored(['lost-1', 'lost-2', 'lost-3'])).toEqual([]);
    expect(await commit.submit({ name: 'after' })).toBe('after');
    expect(await stored(['after'])).toEqual(['after']);
  });
});
