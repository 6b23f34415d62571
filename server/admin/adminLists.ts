import { type Expression, type RawBuilder, sql, type SqlBool } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  type AdminBuyerPage,
  type AdminOrder,
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminPeopleQuery,
  type AdminProductStatus,
  type AdminProducerPage,
  type AdminTrack,
  type AdminTrackPage,
  type AdminTrackQuery,
} from '../../shared/schemas/adminLists';
import type { AppDeps } from '../appDeps';
import type { OrderStatus } from '../../shared/schemas/order';

const DAY_MS = 86_400_000;

/** Case-insensitive "contains" on both databases (PostgreSQL's LIKE is case-sensitive); `%` and `_` typed are literal. */
export function contains(column: Expression<unknown>, text: string, where: 'anywhere' | 'start' = 'anywhere'): RawBuilder<SqlBool> {
  const escaped = text.trim().toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
  const pattern = where === 'start' ? `${escaped}%` : `%${escaped}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '!'`;
}

/** A search that is a whole number may be an id. */
export const searchedId = (q: string): number | null => (/^\d{1,12}$/.test(q.trim()) ? Number(q.trim()) : null);

const offset = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;
const asCount = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** `All buyers`: accounts with the client role, newest first; search by name, email or id. */
export async function listBuyers(deps: AppDeps, query: AdminPeopleQuery): Promise<AdminBuyerPage> {
  const q = query.q?.trim() ?? '';
  const id = searchedId(q);
  const base = deps.database.query
    .selectFrom('users as u')
    .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
    .where('u.roles', 'like', '%"client"%')
    .$if(q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          contains(eb.ref('u.email'), q),
          contains(sql`${eb.ref('u.first_name')} || ' ' || ${eb.ref('u.last_name')}`, q),
          ...(id === null ? [] : [eb('u.id', '=', id)]),
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.country', 'u.blocked', 'c.created_at'])
      .select((eb) => eb.selectFrom('commerce_orders as o').whereRef('o.user_id', '=', 'u.id').select(eb.fn.countAll<number | string>().as('n')).as('order_count'))
      .orderBy('u.id', 'desc')
      .limit(ADMIN_PAGE_SIZE)
      .offset(offset(query.page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      country: row.country,
      blocked: Number(row.blocked) === 1,
      orderCount: Number(row.order_count ?? 0),
      registeredAt: row.created_at === null ? null : iso(row.created_at),
    })),
    total: asCount(total),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** `All producers`: every producer profile by name, with the account behind it when there is one. */
export async function listProducers(deps: AppDeps, query: AdminPeopleQuery): Promise<AdminProducerPage> {
  const q = query.q?.trim() ?? '';
  const id = searchedId(q);
  const base = deps.database.query
    .selectFrom('catalogue_producers as pr')
    .leftJoin('producer_verifications as v', 'v.producer_id', 'pr.id')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .$if(q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          contains(eb.ref('pr.artist_name'), q),
          contains(eb.ref('pr.short_name'), q),
          contains(eb.fn.coalesce('u.email', sql.lit('')), q),
          ...(id === null ? [] : [eb('pr.id', '=', id)]),
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select(['pr.id', 'pr.artist_name', 'pr.short_name', 'pr.followers', 'u.id as user_id', 'u.email', 'u.blocked'])
      .select((eb) => eb.selectFrom('catalogue_products as p').whereRef('p.producer_id', '=', 'pr.id').select(eb.fn.countAll<number | string>().as('n')).as('product_count'))
      .orderBy(sql`lower(pr.artist_name)`)
      .orderBy('pr.id')
      .limit(ADMIN_PAGE_SIZE)
      .offset(offset(query.page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      artistName: row.artist_name,
      shortName: row.short_name,
      followers: Number(row.followers),
      productCount: Number(row.product_count ?? 0),
      account: row.user_id === null || row.email === null ? null : { userId: Number(row.user_id), email: row.email, blocked: Number(row.blocked) === 1 },
    })),
    total: asCount(total),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

export interface TrackRow {
  product_id: number | string;
  name: string;
  product_type: string;
  producer_id: number | string;
  artist_name: string | null;
  status: AdminProductStatus;
  price_cents: number | string;
  sold_order_id: string | null;
  created_at: number | string;
}

export const toAdminTrack = (row: TrackRow): AdminTrack => ({
  id: Number(row.product_id),
  name: row.name,
  productType: row.product_type,
  producerId: Number(row.producer_id),
  artistName: row.artist_name,
  status: row.status,
  price: Number(row.price_cents) / 100,
  soldOrderId: row.sold_order_id,
  createdAt: iso(row.created_at),
});

/** The products read model with each producer's name, for `All tracks` and a producer's detail. */
export const selectAdminProducts = (deps: AppDeps) =>
  deps.database.query
    .selectFrom('admin_products as ap')
    .leftJoin('catalogue_producers as pr', 'pr.id', 'ap.producer_id')
    .select(['ap.product_id', 'ap.name', 'ap.product_type', 'ap.producer_id', 'pr.artist_name', 'ap.status', 'ap.price_cents', 'ap.sold_order_id', 'ap.created_at']);

/** `All tracks`: every beat in every state, newest first; search by name, producer or id. */
export async function listTracks(deps: AppDeps, query: AdminTrackQuery): Promise<AdminTrackPage> {
  const q = query.q?.trim() ?? '';
  const id = searchedId(q);
  const base = deps.database.query
    .selectFrom('admin_products as ap')
    .leftJoin('catalogue_producers as pr', 'pr.id', 'ap.producer_id')
    .where('ap.product_type', '=', 'track')
    .$if(query.status !== undefined, (qb) => qb.where('ap.status', '=', query.status!))
    .$if(q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          contains(eb.ref('ap.name'), q),
          contains(eb.fn.coalesce('pr.artist_name', sql.lit('')), q),
          ...(id === null ? [] : [eb('ap.product_id', '=', id)]),
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select(['ap.product_id', 'ap.name', 'ap.product_type', 'ap.producer_id', 'pr.artist_name', 'ap.status', 'ap.price_cents', 'ap.sold_order_id', 'ap.created_at'])
      .orderBy('ap.created_at', 'desc')
      .orderBy('ap.product_id', 'desc')
      .limit(ADMIN_PAGE_SIZE)
      .offset(offset(query.page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(toAdminTrack), total: asCount(total), page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

export interface OrderRow {
  order_id: string;
  placed_at: number | string;
  status: OrderStatus;
  total_cents: number | string;
  user_id: number | string;
  email: string | null;
  lines: string;
}

export const toAdminOrder = (row: OrderRow): AdminOrder => ({
  id: row.order_id,
  placedAt: iso(row.placed_at),
  status: row.status,
  total: Number(row.total_cents) / 100,
  buyerId: Number(row.user_id),
  buyerEmail: row.email,
  items: (JSON.parse(row.lines) as { name: string }[]).map((line) => line.name),
});

/** The orders read model with each buyer's email. */
export const selectAdminOrders = (deps: AppDeps) =>
  deps.database.query
    .selectFrom('commerce_orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.order_id', 'o.placed_at', 'o.status', 'o.total_cents', 'o.user_id', 'u.email', 'o.lines']);

/** `Orders`: newest first; by the order id's start or the buyer's email, state, and the days placed. */
export async function listOrders(deps: AppDeps, query: AdminOrderQuery): Promise<AdminOrderPage> {
  const q = query.q?.trim() ?? '';
  const from = query.from ? Date.parse(`${query.from}T00:00:00Z`) : null;
  const to = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : null;
  const base = deps.database.query
    .selectFrom('commerce_orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .$if(query.status !== undefined, (qb) => qb.where('o.status', '=', query.status!))
    .$if(from !== null, (qb) => qb.where('o.placed_at', '>=', from!))
    .$if(to !== null, (qb) => qb.where('o.placed_at', '<', to!))
    .$if(q !== '', (qb) => qb.where((eb) => eb.or([contains(eb.ref('o.order_id'), q, 'start'), contains(eb.fn.coalesce('u.email', sql.lit('')), q)])));
  const [rows, total] = await Promise.all([
    base
      .select(['o.order_id', 'o.placed_at', 'o.status', 'o.total_cents', 'o.user_id', 'u.email', 'o.lines'])
      .orderBy('o.placed_at', 'desc')
      .orderBy('o.order_id')
      .limit(ADMIN_PAGE_SIZE)
      .offset(offset(query.page))
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(toAdminOrder), total: asCount(total), page: query.page, pageSize: ADMIN_PAGE_SIZE };
}
