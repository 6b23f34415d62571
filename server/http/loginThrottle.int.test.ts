import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

describe('login throttle under parallel guessing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  test('guesses sent all at once still get at most 10 tries', async () => {
    const owner = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '203.0.113.1' });
    expect((await owner.call('POST', '/auth/register', registration({ email: 'victim@example.com' }))).status).toBe(201);
    const attacker = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '203.0.113.66' });
    const statuses = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        attacker.call('POST', '/auth/login', { email: 'victim@example.com', password: `guess${index}x` }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  test('one address may ask for 5 password-reset mails per 15 minutes', async () => {
    const asker = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '203.0.113.77' });
    const statuses: number[] = [];
    for (let request = 0; request < 7; request++) {
      statuses.push((await asker.call('POST', '/auth/reset', { email: 'victim@example.com' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  test('a successful login is no failure for its address', async () => {
    const person = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '203.0.113.9' });
    expect((await person.call('POST', '/auth/register', registration({ email: 'regular@example.com' }))).status).toBe(201);
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await person.call('POST', '/auth/login', { email: 'regular@example.com', password: 'beats42' })).status).toBe(200);
    }
  });
});
