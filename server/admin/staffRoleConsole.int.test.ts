import type { AdminBuyerDetail, AdminRolesAnswer } from '../../shared/schemas/adminLists';
import type { User } from '../../shared/schemas/auth';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { runUsersCommand } from '../../test/helpers/tools';
import { grantRole } from '../auth/staffRoles';
import { userStreamId } from '../domain/user/userEvents';

const PASSWORD = registration().password;
const MODERATOR_ROLE = (userId: number | string) => `/admin/users/${userId}/roles/moderator`;

/**
 * Issue 12, "Staff accounts": an admin grants and revokes the moderator role in the console.
 * The role works at the account's next request, a revocation ends its sessions at once, and each
 * change is an event that names the admin.
 */
describe('the admin console grants and revokes the moderator role', () => {
  let app: TestApp;
  let counter = 0;
  let admin: ApiBrowser;
  let adminId: number;

  const account = async (email: string, form: Record<string, unknown> = {}) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.12.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email, ...form }))).status).toBe(201);
    const { id } = (await browser.json<User>('GET', '/auth/checkhealth')).body;
    return { browser, id };
  };
  const logIn = async (email: string) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.12.1.${++counter}` });
    const login = await browser.json<User>('POST', '/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    return { browser, user: login.body };
  };
  /** A page of the admin site as the server renders it for this browser. */
  const page = (browser: ApiBrowser, address: string) => fetch(`${app.baseUrl}${address}`, { redirect: 'manual', headers: { Cookie: browser.cookieHeader() } });
  const roleEvents = async (userId: number) =>
    (await app.deps.eventStore.readStream(userStreamId(userId))).filter((event) => event.type === 'RoleGranted' || event.type === 'RoleRevoked').map((event) => ({ type: event.type, data: event.data }));

  beforeAll(async () => {
    app = await startTestApp();
    await account('boss@example.com');
    expect(await grantRole(app.deps, 'boss@example.com', 'admin')).toBe('granted');
    ({ browser: admin, user: { id: adminId } } = await logIn('boss@example.com'));
  });
  afterAll(() => app.close());

  test('granted: the account’s next login opens the moderation pages and their API; the detail lists the role; the event names the admin', async () => {
    const { browser: before, id } = await account('mia@example.com', { firstName: 'Mia' });
    expect((await page(before, '/admin/producers/pending')).status).toBe(404);

    const granted = await admin.json<AdminRolesAnswer>('PUT', MODERATOR_ROLE(id));
    expect(granted).toEqual({ status: 200, body: { roles: ['client', 'moderator'] } });
    expect((await admin.json<AdminRolesAnswer>('PUT', MODERATOR_ROLE(id))).body).toEqual({ roles: ['client', 'moderator'] });

    const { browser: moderator, user } = await logIn('mia@example.com');
    expect(user).toMatchObject({ roles: ['client', 'moderator'], currentRole: 'moderator' });
    const pending = await page(moderator, '/admin/producers/pending');
    expect(pending.status).toBe(200);
    expect(await pending.text()).toContain('Pending producers');
    expect((await moderator.json('GET', '/moderation/producers/pending')).status).toBe(200);

    expect((await admin.json<AdminBuyerDetail>('GET', `/admin/buyers/${id}`)).body.account.roles).toEqual(['client', 'moderator']);
    // The second press changed nothing: one event, naming the admin.
    expect(await roleEvents(id)).toEqual([{ type: 'RoleGranted', data: { userId: id, role: 'moderator', by: adminId } }]);
  });

  test('revoked: the moderator’s open session is a guest’s at its next request, on every device; the event names the admin', async () => {
    const { browser: first, id } = await account('noah@example.com');
    expect((await admin.json('PUT', MODERATOR_ROLE(id))).status).toBe(200);
    const { browser: second } = await logIn('noah@example.com');
    expect((await first.json('GET', '/moderation/producers/pending')).status).toBe(200);

    const revoked = await admin.json<AdminRolesAnswer>('DELETE', MODERATOR_ROLE(id));
    expect(revoked).toEqual({ status: 200, body: { roles: ['client'] } });
    for (const device of [first, second]) {
      expect(await device.json('GET', '/auth/checkhealth')).toEqual({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
      expect((await device.json('GET', '/moderation/producers/pending')).status).toBe(404);
      expect((await page(device, '/admin/producers/pending')).status).toBe(404);
    }
    const { user } = await logIn('noah@example.com');
    expect(user).toMatchObject({ roles: ['client'], currentRole: 'client' });
    // Revoking again changes nothing and writes nothing.
    expect((await admin.json<AdminRolesAnswer>('DELETE', MODERATOR_ROLE(id))).body).toEqual({ roles: ['client'] });
    expect(await roleEvents(id)).toEqual([
      { type: 'RoleGranted', data: { userId: id, role: 'moderator', by: adminId } },
      { type: 'RoleRevoked', data: { userId: id, role: 'moderator', by: adminId } },
    ]);
  });

  test('an admin who loses the moderator role stays admin, with their sessions, themselves included', async () => {
    expect((await admin.json<AdminRolesAnswer>('PUT', MODERATOR_ROLE(adminId))).body).toEqual({ roles: ['client', 'admin', 'moderator'] });
    expect((await admin.json<AdminRolesAnswer>('DELETE', MODERATOR_ROLE(adminId))).body).toEqual({ roles: ['client', 'admin'] });
    expect((await admin.json<User>('GET', '/auth/checkhealth')).body).toMatchObject({ roles: ['client', 'admin'], currentRole: 'admin' });
    expect((await admin.json('GET', '/admin/buyers')).status).toBe(200);
  });

  test('`npm run users` shares the rule, and its events name nobody: an admin revoked as moderator keeps their sessions', async () => {
    const { browser, id } = await account('second.admin@example.com');
    expect((await runUsersCommand(app.deps.config.databaseUrl, ['grant', 'admin', 'second.admin@example.com'])).code).toBe(0);
    expect((await admin.json('PUT', MODERATOR_ROLE(id))).status).toBe(200);
    const revoked = await runUsersCommand(app.deps.config.databaseUrl, ['revoke', 'moderator', 'second.admin@example.com']);
    expect(revoked).toMatchObject({ code: 0, stdout: 'second.admin@example.com is no longer moderator; they are still admin, so their sessions go on.\n' });
    expect((await browser.json<User>('GET', '/auth/checkhealth')).body).toMatchObject({ roles: ['client', 'admin'], currentRole: 'admin' });
    expect(await roleEvents(id)).toEqual([
      { type: 'RoleGranted', data: { userId: id, role: 'admin' } },
      { type: 'RoleGranted', data: { userId: id, role: 'moderator', by: adminId } },
      { type: 'RoleRevoked', data: { userId: id, role: 'moderator' } },
    ]);
  });

  test('a blocked account is not made moderator (409), an unknown one is a 404; a blocked moderator can lose the role', async () => {
    const { id } = await account('blocked@example.com');
    expect((await admin.json('POST', `/admin/users/${id}/block`)).status).toBe(200);
    const before = await app.deps.eventStore.headPosition();
    expect(await admin.json('PUT', MODERATOR_ROLE(id))).toEqual({
      status: 409,
      body: { statusCode: 409, message: `Account ${id} is blocked; unblock it before making it moderator` },
    });
    for (const method of ['PUT', 'DELETE']) {
      expect(await admin.json(method, MODERATOR_ROLE(99_999_999))).toEqual({ status: 404, body: { statusCode: 404, message: 'User 99999999 does not exist' } });
    }
    expect(await app.deps.eventStore.headPosition()).toBe(before);

    const { id: moderatorId } = await account('soon.blocked@example.com');
    expect((await admin.json('PUT', MODERATOR_ROLE(moderatorId))).status).toBe(200);
    expect((await admin.json('POST', `/admin/users/${moderatorId}/block`)).status).toBe(200);
    expect((await admin.json<AdminRolesAnswer>('DELETE', MODERATOR_ROLE(moderatorId))).body).toEqual({ roles: ['client'] });
  });

  test('guest, client, producer and moderator find neither call (404), and nothing changes', async () => {
    const { browser: client, id: clientId } = await account('nosy@example.com');
    const { browser: producer } = await account('nosy.producer@example.com', { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/nosy' });
    await account('nosy.mod@example.com');
    expect(await grantRole(app.deps, 'nosy.mod@example.com', 'moderator')).toBe('granted');
    const { browser: moderator } = await logIn('nosy.mod@example.com');
    const guest = new ApiBrowser(app.baseUrl);
    const before = await app.deps.eventStore.headPosition();
    for (const [who, browser] of Object.entries({ guest, client, producer, moderator })) {
      for (const method of ['PUT', 'DELETE']) {
        const answer = await browser.json(method, MODERATOR_ROLE(clientId));
        expect({ who, method, answer }).toEqual({
          who,
          method,
          answer: { status: 404, body: { statusCode: 404, message: `No API call ${method} ${MODERATOR_ROLE(clientId)}` } },
        });
      }
    }
    expect(await app.deps.eventStore.headPosition()).toBe(before);
  });

  test('a bad id, another role in the path, a body, or a write from another site is refused, and no event is written', async () => {
    const { id } = await account('target@example.com');
    const before = await app.deps.eventStore.headPosition();
    expect(await admin.json('PUT', MODERATOR_ROLE('abc'))).toEqual({ status: 400, body: { statusCode: 400, message: 'Invalid user id: "abc"' } });
    expect((await admin.json('DELETE', MODERATOR_ROLE('1e3'))).status).toBe(400);
    // The admin role stays with `npm run users`: the console has no such call.
    for (const method of ['PUT', 'DELETE']) {
      for (const role of ['admin', 'producer', 'client']) expect([method, role, (await admin.call(method, `/admin/users/${id}/roles/${role}`)).status]).toEqual([method, role, 404]);
    }
    expect((await admin.json('PUT', MODERATOR_ROLE(id), { role: 'admin' })).status).toBe(400);
    const crossSite = await admin.call('PUT', MODERATOR_ROLE(id), undefined, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await app.deps.eventStore.headPosition()).toBe(before);
    expect(await roleEvents(id)).toEqual([]);
  });
});
