import { seedDemoCatalogue } from '../seed/seedDemoCatalogue';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

describe('API /api/v1', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoCatalogue(app.deps);
  });
  afterAll(() => app.close());

  test('GET /health answers with the database in use', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: app.deps.database.kind });
  });

  test('GET /tracks pages through the catalogue, newest first', async () => {
    const first = (await (await fetch(`${app.baseUrl}/api/v1/tracks?take=5&count=true`)).json()) as { tracks: { id: number }[]; total: number };
    const second = (await (await fetch(`${app.baseUrl}/api/v1/tracks?take=5&skip=5`)).json()) as { tracks: { id: number }[] };
    // 320 beats and 10 sample packs; the EDM contacts and the PRO membership are not shop listings.
    expect(first.total).toBe(330);
    expect(first.tracks.map((t) => t.id)).toEqual([330, 329, 328, 327, 326]);
    expect(second.tracks.map((t) => t.id)).toEqual([325, 324, 323, 322, 321]);
  });

  test.each([
    ['take=abc', /take/],
    ['take=-1', /take/],
    ['take=100000', /take/],
    ['skip=-3', /skip/],
    ['skip=1.5', /skip/],
  ])('GET /tracks?%s is refused with 400 and a message', async (query, message) => {
    const response = await fetch(`${app.baseUrl}/api/v1/tracks?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { statusCode: number; message: string };
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(message);
  });

  test('GET /tracks/{id}: found, missing, malformed', async () => {
    const found = await fetch(`${app.baseUrl}/api/v1/tracks/3`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { id: number }).id).toBe(3);
    expect((await fetch(`${app.baseUrl}/api/v1/tracks/999`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/v1/tracks/abc`)).status).toBe(400);
  });

  test('an unknown call is a JSON 404', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'No API call GET /no-such-thing' });
  });
});
