import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { SHARED_MEDIA_DIR } from '../test/e2e/helpers/server';
import { logLines, logMessages } from '../test/helpers/logLines';
import { createTestDatabase, type TestDatabase } from '../test/helpers/testDatabase';

const ROOT = path.resolve(__dirname, '..');
/** Servers this file started and has not seen end: a test that times out leaves none behind. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
});

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
  running.add(child);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** What a failed start wrote to stderr, which must be one log line at `fatal` and nothing else: its message. */
function failureOf(stderr: string): string {
  expect(stderr.split('\n').filter(Boolean)).toHaveLength(1);
  const lines = logLines(stderr);
  expect(lines.map((line) => line.level)).toEqual(['fatal']);
  return lines[0]!.msg;
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
    expect(failureOf(stderr)).toBe(
      'Beatcrate failed to start: Configuration refused: PORT must be a port number, got "eighty"; ' +
        'FEATURE_PRO_MEMBERSHIP must be true or false (or on/off, yes/no, 1/0), got "maybe"',
    );
  });

  test('a database that cannot be reached: which one, and why, without its password', async () => {
    const { code, stderr } = await runServer({ PORT: '0', DATABASE_URL: 'postgres://beatcrate:hunter2@127.0.0.1:1/shop' });
    expect(code).toBe(1);
    expect(failureOf(stderr)).toMatch(/^Beatcrate failed to start: opening the database postgres:\/\/beatcrate@127\.0\.0\.1:1\/shop: connect ECONNREFUSED 127\.0\.0\.1:1$/);
    expect(stderr).not.toContain('hunter2');
  });

  test('a port in use', async () => {
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, resolve));
    const { port } = squatter.address() as AddressInfo;
    try {
      const { code, stderr } = await runServer({ PORT: String(port), DATABASE_URL: database.url });
      expect(code).toBe(1);
      expect(failureOf(stderr)).toMatch(new RegExp(`^Beatcrate failed to start: listening on port ${port}: listen EADDRINUSE: address already in use \\S*:${port}$`));
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
    expect(failureOf(stderr)).toMatch(/^Beatcrate failed to start: opening the media storage \(S3 bucket shop-media\): the bucket cannot be reached at http:\/\/127\.0\.0\.1:1: .*ECONNREFUSED.*$/);
  }, 120_000);
});

/**
 * Starts `npm start`'s entry on a new database, asks it for its health once it listens (answering
 * the Keep-Alive it announced), stops it with SIGTERM, and answers the messages it logged and how it ended.
 */
function firstStart(env: NodeJS.ProcessEnv): Promise<{ lines: string[]; code: number | null; keepAlive: string | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, MEDIA_DIR: SHARED_MEDIA_DIR, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let listened = false;
  let keepAlive: string | null = null;
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const listening = logMessages(output).find((message) => message.startsWith('Beatcrate is listening on'));
      if (listened || !listening) return;
      listened = true;
      const baseUrl = /http:\/\/\S+/.exec(listening)![0];
      void fetch(`${baseUrl}/api/v1/health`)
        .then((answer) => (keepAlive = answer.headers.get('keep-alive')))
        .finally(() => child.kill('SIGTERM'));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => {
      running.delete(child);
      if (listened) resolve({ lines: logMessages(output), code, keepAlive });
      else reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
}

describe('a first start says what it is doing', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  test('each phase as it begins and as it ends, with its time, then where it listens and how long the start took; idle connections are kept 65 s', async () => {
    const { lines, code, keepAlive } = await firstStart({ DATABASE_URL: database.url, DEMO_ACTIVITY: 'on' });
    // Idle connections are kept longer than a load balancer in front keeps its own (Node's 5 s would reset them under it).
    expect(keepAlive).toBe('timeout=65');
    const seconds = String.raw`\d+\.\d s`;
    const phases = [
      new RegExp(`^(Client build up to date|Client built in ${seconds})$`),
      /^Migrating the database: \d+ migrations…$/,
      new RegExp(`^Migrated the database in ${seconds}: \\d+ migrations run$`),
      /^Seeding the demo shop into the new database: minutes on a small machine\. Ctrl-C is safe: the next start finishes it\.$/,
      /^Rendering 48 demo previews…$/,
      /^previews \d+\/48$/,
      new RegExp(`^48 previews ready in ${seconds}$`),
      /^Drawing art for 332 products and 15 producers…$/,
      new RegExp(`^art for 332 products and 15 producers ready in ${seconds}$`),
      /^Listing the demo catalogue: 332 products…$/,
      /^listed 100\/332 products$/,
      new RegExp(`^Seeded the demo catalogue in ${seconds}: 320 tracks`),
      /^Playing a month of demo activity: \d+ visits…$/,
      /^visits \d+\/\d+$/,
      new RegExp(`^Seeded a month of demo activity: .* in ${seconds}$`),
      new RegExp(`^Beatcrate is listening on http://localhost:\\d+ \\(database: (sqlite|postgres)\\), started in ${seconds}$`),
    ];
    let next = 0;
    for (const line of lines) if (next < phases.length && phases[next]!.test(line)) next++;
    expect([next, phases[next]?.source ?? 'all in order', lines.join('\n')]).toEqual([phases.length, 'all in order', lines.join('\n')]);
    // Stopped by SIGTERM right after it listened, with the start-up jobs running: they finish, then the database closes.
    const afterSignal = lines.slice(lines.indexOf('SIGTERM: finishing open requests, then closing the database'));
    expect({ code, signalled: afterSignal.length > 0, last: afterSignal.at(-1) }).toEqual({ code: 0, signalled: true, last: 'Stopped cleanly' });
  }, 600_000);
});

