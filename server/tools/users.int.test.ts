import type { User } from '../../shared/schemas/auth';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { openStream } from '../../test/helpers/accountStreamReader';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { runUsersCommand } from '../../test/helpers/tools';

describe('npm run users: staff roles on the database of DATABASE_URL', () => {
  let app: TestApp;
  const users = (...args: string[]) => runUsersCommand(app.deps.config.databaseUrl, args);
  const register = async (email: string) => {
    const browser = new ApiBrowser(app.baseUrl);
    const { status } = await browser.json<User>('POST', '/auth/register', registration({ email }));
    expect(status).toBe(201);
    return browser;
  };
  const whoIs = (browser: ApiBrowser) => browser.json<User>('GET', '/auth/checkhealth');

  beforeAll(async () => {
    app = await startTestApp({ env: { ACCOUNT_STREAM_HEARTBEAT_MS: '200' } });
  });
  afterAll(() => app.close());

  test('grant makes an account admin or moderator; its session sees the role at once', async () => {
    const browser = await register('grace@example.com');
    const granted = await users('grant', 'admin', 'Grace@Example.com');
    expect(granted).toMatchObject({ code: 0, stdout: 'Grace@Example.com is now admin.\n' });
    expect((await whoIs(browser)).body).toMatchObject({ roles: ['client', 'admin'], currentRole: 'admin' });

    expect(await users('grant', 'admin', 'grace@example.com')).toMatchObject({ code: 0, stdout: 'grace@example.com already is admin; nothing changed.\n' });
    expect(await users('grant', 'moderator', 'grace@example.com')).toMatchObject({ code: 0 });
    expect((await whoIs(browser)).body).toMatchObject({ roles: ['client', 'admin', 'moderator'], currentRole: 'admin' });
  });

  test('bad arguments and an unknown email: one clear line, exit code 2, nothing changed', async () => {
    const browser = await register('ida@example.com');
    const before = await app.deps.eventStore.headPosition();
    const cases: [string[], RegExp][] = [
      [[], /^users: Unknown action ""\. Usage: npm run users -- grant\|revoke moderator\|admin <email>\n$/],
      [['promote', 'admin', 'ida@example.com'], /^users: Unknown action "promote"\./],
      [['grant', 'producer', 'ida@example.com'], /^users: The role must be moderator or admin, got "producer"\./],
      [['grant', 'admin'], /^users: Give one email address\./],
      [['grant', 'admin', 'ida@example.com', 'extra'], /^users: Give one email address\./],
      [['revoke', 'admin', 'nobody@example.com'], /^users: No account has the email nobody@example\.com\n$/],
    ];
    for (const [args, message] of cases) {
      const result = await users(...args);
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
    }
    expect(await app.deps.eventStore.headPosition()).toBe(before);
    expect((await whoIs(browser)).body).toMatchObject({ currentRole: 'client' });
  });

  test('a revoked role ends the staff sessions at once: the account stream closes and the next request is a guest', async () => {
    const browser = await register('mod@example.com');
    const otherDevice = new ApiBrowser(app.baseUrl);
    expect((await otherDevice.json('POST', '/auth/login', { email: 'mod@example.com', password: 'beats42' })).status).toBe(200);
    expect((await users('grant', 'moderator', 'mod@example.com')).code).toBe(0);
    expect((await whoIs(browser)).body).toMatchObject({ currentRole: 'moderator' });

    const stream = await openStream(app.baseUrl, browser);
    const revoked = await users('revoke', 'moderator', 'mod@example.com');
    expect(revoked).toMatchObject({ code: 0, stdout: 'mod@example.com is no longer moderator; their sessions have ended.\n' });

    // Heartbeats, and the grant if the feed had not passed it on yet; then the end of the session.
    let frame = await stream.next();
    while (frame?.comment === 'heartbeat' || frame?.data?.includes('"RoleGranted"')) frame = await stream.next();
    expect(frame).toEqual({ data: 'null' });
    expect(await stream.next()).toBeNull();

    for (const device of [browser, otherDevice]) expect(await whoIs(device)).toEqual({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
    expect(await users('revoke', 'moderator', 'mod@example.com')).toMatchObject({ code: 0, stdout: 'mod@example.com is not moderator; nothing changed.\n' });

    const again = new ApiBrowser(app.baseUrl);
    expect((await again.json('POST', '/auth/login', { email: 'mod@example.com', password: 'beats42' })).body).toMatchObject({ roles: ['client'], currentRole: 'client' });
  });
});
