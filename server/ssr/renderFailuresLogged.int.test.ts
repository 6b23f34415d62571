import { sql } from 'kysely';
import { listShop } from '../../test/helpers/commerceFixtures';
import { capturedLog } from '../../test/helpers/logLines';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

/**
 * A page's render goes on without a read it can do without; the sagas say so in an action (in the
 * browser, an entry of the action log) and the server's log writes it under the request's id:
 * before, the sagas wrote it to the console, without the id.
 */
describe('a part a page is rendered without', () => {
  const captured = capturedLog('info');
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ log: captured.log });
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  test('a producer page whose custom services cannot be read is served without them, and the log says why under the request id', async () => {
    await app.deps.database.transaction((tx) => sql`DROP TABLE producer_offers`.execute(tx));
    const page = await fetch(`${app.baseUrl}/nova-kade`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Nova Kade');
    const lines = captured.lines.filter((line) => line.msg === 'A page was rendered without a part it could not read');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', requestId: page.headers.get('X-Request-Id'), what: expect.stringMatching(/^the custom services of producer \d+$/), reason: expect.any(String) }),
    ]);
  });
});
