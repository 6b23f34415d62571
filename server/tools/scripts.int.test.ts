import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { runToolScript } from '../../test/helpers/tools';

/**
 * The tools' own tests run each tool in the test's process (test/helpers/tools.ts); this one
 * starts each npm script as its own process, as an operator does: the script runs its tool on
 * the arguments typed and DATABASE_URL, prints to stdout, fails with one line on stderr, and
 * exits with the tool's code.
 */
describe('each tool as its npm script', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('a result on stdout and exit 0; a mistake as one line on stderr and exit 2', async () => {
    const databaseUrl = app.deps.config.databaseUrl;
    const answers = await Promise.all([
      runToolScript('outbox', databaseUrl, []),
      runToolScript('analytics', databaseUrl, ['keys', 'list']),
      runToolScript('users', databaseUrl, ['grant', 'admin', 'nobody@example.com']),
      runToolScript('replay', databaseUrl, []),
      runToolScript('analyticsExport', databaseUrl, ['--since', 'yesterday']),
    ]);
    expect(answers).toEqual([
      { code: 0, stdout: 'The outbox is empty.\n', stderr: '' },
      { code: 0, stdout: 'No analytics keys.\n', stderr: '' },
      { code: 2, stdout: '', stderr: 'users: No account has the email nobody@example.com\n' },
      { code: 2, stdout: '', stderr: expect.stringMatching(/^replay: Usage: npm run replay -- <session id \| file\.jsonl>.*\n$/) },
      { code: 2, stdout: '', stderr: expect.stringMatching(/^analytics:export: --since takes a day .*\n$/) },
    ]);
  });
});
