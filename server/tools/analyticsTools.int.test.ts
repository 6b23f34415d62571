import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { deriveAnalytics, readAllEvents, readEventsPage } from '../../test/helpers/analyticsReader';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { runToolHere } from '../../test/helpers/tools';
import { analyticsTool } from './analytics';
import { analyticsExportTool } from './analyticsExport';

describe('npm run analytics (keys) and npm run analytics:export, on the database of DATABASE_URL', () => {
  let app: TestApp;
  let out: string;
  const analytics = (...args: string[]) => runToolHere(analyticsTool, app.deps.config.databaseUrl, args);
  const exporting = (...args: string[]) => runToolHere(analyticsExportTool, app.deps.config.databaseUrl, args);

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-export-'));
    const buyer = new ApiBrowser(app.baseUrl);
    expect((await buyer.json('POST', '/auth/register', registration({ email: 'export.buyer@example.com' }))).status).toBe(201);
    for (const product of [SHOP.pack.productId, SHOP.samplePack.productId]) {
      expect((await buyer.call('POST', '/ecommerce/cart', { product, includeProjectFile: false })).status).toBe(200);
    }
    await deriveAnalytics(app.deps);
  });
  afterAll(async () => {
    fs.rmSync(out, { recursive: true, force: true });
    await app.close();
  });

  test('a key is printed once, works at once, is listed without itself, and stops working when revoked', async () => {
    const created = await analytics('keys', 'create', 'Warehouse loader', '--scopes', 'events:read');
    expect(created.code).toBe(0);
    const key = /^(bca_[\w-]{43})$/m.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    expect((await readEventsPage(app.baseUrl, key!)).length).toBeGreaterThan(0);

    const listed = await analytics('keys', 'list');
    expect(listed.stdout).toMatch(/^1 {2}bca_[\w-]{6}… {2}Warehouse loader {2}\[events:read\] {2}made /m);
    expect(listed.stdout).not.toContain(key);
    const stored = await app.deps.database.query.selectFrom('analytics_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key!.slice(4));

    expect(await analytics('keys', 'revoke', '1')).toMatchObject({ code: 0, stdout: 'Key 1 is revoked: requests with it get 401 from now on.\n' });
    expect((await fetch(`${app.baseUrl}/api/v1/analytics/events`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
    expect(await analytics('keys', 'revoke', '1')).toMatchObject({ code: 2, stderr: 'analytics: No key 1 that is not revoked already\n' });
  });

  test('bad arguments get one line and exit code 2, and change nothing', async () => {
    const cases: [string[], RegExp][] = [
      [[], /^analytics: Usage: npm run analytics -- keys create/],
      [['keys', 'create'], /^analytics: Name the key/],
      [['keys', 'create', 'x', '--scopes', 'everything'], /^analytics: Unknown scope "everything": the scopes are events:read, webhooks:manage\n$/],
      [['keys', 'revoke', 'one'], /^analytics: Usage:/],
    ];
    const before = await app.deps.database.query.selectFrom('analytics_keys').selectAll().execute();
    for (const [args, message] of cases) {
      const answer = await analytics(...args);
      expect([args, answer.code]).toEqual([args, 2]);
      expect(answer.stderr).toMatch(message);
    }
    expect(await app.deps.database.query.selectFrom('analytics_keys').selectAll().execute()).toEqual(before);
  });

  test('an export writes the events of its days as JSON Lines, as the API gives them, or as CSV for a warehouse', async () => {
    const key = (await analytics('keys', 'create', 'reader')).stdout.match(/^(bca_[\w-]{43})$/m)![1]!;
    const fromApi = await readAllEvents(app.baseUrl, key);
    const today = app.deps.clock.now().toISOString().slice(0, 10);
    const jsonl = await exporting('--since', today, '--out', out);
    expect(jsonl).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^${fromApi.length} event\\(s\\) written to .*\\.jsonl\\n$`)) });
    const file = jsonl.stdout.trim().replace(/^.* written to /, '');
    expect(fs.readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(fromApi);

    const csv = await exporting('--since', today, '--types', 'Product Added', '--format', 'csv', '--out', out);
    expect(csv.code).toBe(0);
    const rows = fs.readFileSync(csv.stdout.trim().replace(/^.* written to /, ''), 'utf8').split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('cursor,messageId,event,timestamp,userId,anonymousId,source,properties');
    expect(rows.slice(1)).toHaveLength(2);
    expect(rows[1]).toMatch(/^\d+,d_[\w-]{27},Product Added,\d{4}-\d\d-\d\dT[\d:.]+Z,u_[\w-]{22},,server,"\{""cart_id"":/);

    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await exporting('--since', tomorrow, '--out', out)).stdout).toMatch(/^0 event\(s\) written to /);
    expect(await exporting('--since', 'last week')).toMatchObject({ code: 2, stderr: expect.stringMatching(/^analytics:export: --since takes a day/) });
    expect(await exporting('--since', today, '--until', today)).toMatchObject({ code: 2, stderr: 'analytics:export: --until must come after --since\n' });
    expect(await exporting('--since', today, '--types', 'Bought')).toMatchObject({ code: 2 });
  });
});
