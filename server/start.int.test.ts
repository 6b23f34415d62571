import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { SHARED_MEDIA_DIR } from '../test/e2e/helpers/server';
import { createTestDatabase, type TestDatabase } from '../test/helpers/testDatabase';

const ROOT = path.resolve(__dirname, '..');
/** Runs `npm start`'s entry until it exits by itself, as a process manager would. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, MEDIA_DIR: SHARED_MEDIA_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('a failed start-up prints one clear line and exits 1', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('bad configuration: every problem, on one line', async () => {
    const { code, stderr } = await runServer({ PORT: 'eighty', FEATURE_PRO_MEMBERSHIP: 'maybe', DATABASE_URL: database.url });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Beatcrate failed to start: Configuration refused: PORT must be a port number, got "eighty"; ' +
        'FEATURE_PRO_MEMBERSHIP must be true or false (or on/off, yes/no, 1/0), got "maybe"\n',
    );
  });

  test('a database that cannot be reached: which one, and why, without its password', async () => {
    const { code, stderr } = await runServer({ PORT: '0', DATABASE_URL: 'postgres://beatcrate:hunter2@127.0.0.1:1/shop' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Beatcrate failed to start: opening the database postgres:\/\/beatcrate@127\.0\.0\.1:1\/shop: connect ECONNREFUSED 127\.0\.0\.1:1\n$/);
  });

  test('a port in use', async () => {
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, resolve));
    const { port } = squatter.address() as AddressInfo;
    try {
      const { code, stderr } = await runServer({ PORT: String(port), DATABASE_URL: database.url });
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`^Beatcrate failed to start: listening on port ${port}: listen EADDRINUSE: address already in use \\S*:${port}\\n$`));
    } finally {
      squatter.close();
    }
  }, 120_000);

  test('an S3 bucket that cannot be reached: which one, and why, before the database is opened', async () => {
    const { code, stderr } = await runServer({
      PORT: '0',
      DATABASE_URL: database.url,
      S3_BUCKET: 'shop-media',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      // The AWS SDK's notice that its releases from 2027 need Node 22 would come first on Node 20.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Beatcrate failed to start: opening the media storage \(S3 bucket shop-media\): the bucket cannot be reached at http:\/\/127\.0\.0\.1:1: .*ECONNREFUSED.*\n$/);
  }, 120_000);
});
