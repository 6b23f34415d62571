import BetterSqlite3 from 'better-sqlite3';
import { type Product, ProductListSchema } from '../../shared/schemas/track';
import { assert } from 'superstruct';
import { listProducts, listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';

describe('catalogue answers kept until the database changes', () => {
  let app: TestApp;
  const names = async (query: string) => {
    const response = await fetch(`${app.baseUrl}/api/v1/tracks?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body: unknown = await response.json();
    assert(body, ProductListSchema);
    return body.tracks.map((track: Product) => track.name);
  };
  /** The catalogue page as the server renders it, through the in-process API. */
  const beatsPage = async () => {
    const response = await fetch(`${app.baseUrl}/beats`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
  });
  afterAll(() => app.close());

  test('every write shows in the next answer and the next server-rendered page: a listing, a write outside the projections, another process', async () => {
    const first = await names('take=24');
    expect(first).toEqual(expect.arrayContaining([SHOP.beat.name, SHOP.beat2.name]));
    expect(await names('take=24')).toEqual(first);
    expect(await beatsPage()).toContain(SHOP.beat.name);
    expect(await beatsPage()).not.toContain('Fresh Listing');

    await listProducts(app.deps, [{ ...SHOP.beat, productId: 40, name: 'Fresh Listing' }]);
    expect(await names('take=24')).toEqual(['Fresh Listing', ...first]);
    expect(await beatsPage()).toContain('Fresh Listing');

    // As an account's erasure writes the catalogue's tables without an event.
    await app.deps.database.transaction((tx) => tx.updateTable('catalogue_products').set({ name: 'Renamed Here' }).where('id', '=', SHOP.beat.productId).execute());
    expect(await names('take=24')).toContain('Renamed Here');
    expect(await beatsPage()).toContain('Renamed Here');

    if (app.deps.database.kind === 'sqlite') {
      // A tool run beside the server (npm run users) commits through a connection of its own.
      const file = app.deps.config.databaseUrl.replace(/^sqlite:/, '');
      const other = new BetterSqlite3(file);
      try {
        other.prepare('UPDATE catalogue_products SET name = ? WHERE id = ?').run('Renamed Elsewhere', SHOP.beat.productId);
      } finally {
        other.close();
      }
      expect(await names('take=24')).toContain('Renamed Elsewhere');
      expect(await beatsPage()).toContain('Renamed Elsewhere');
    }
  });

  test('a refused query is refused every time, and kept nowhere', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(`${app.baseUrl}/api/v1/tracks?take=abc`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Invalid take/);
    }
  });
});
