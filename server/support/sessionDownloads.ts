import type { SupportDownload } from '../../shared/schemas/support';
import type { AppDeps } from '../appDeps';
import { orderIdOfStream } from '../domain/order/orderEvents';
import { LEAD_MS, type SessionScope, sessionStreams, TRAIL_MS } from './sessionEvents';

type Deps = Pick<AppDeps, 'database' | 'eventStore'>;

/** Downloads a session's timeline lists at most: a buyer fetching one file a thousand times is said by the first ones. */
const MAX_DOWNLOADS = 200;

const ENDING = /\.(tar\.gz|[A-Za-z0-9]{1,5})$/;

/** "Midnight Garden (WAV)": the file's name without its ending, and the ending as its format. */
function fileWords(name: string): string {
  const ending = ENDING.exec(name);
  return ending ? `${name.slice(0, ending.index)} (${ending[1]!.toUpperCase()})` : name;
}

/**
 * The files the server served from the session's orders (those of its tab and, logged in, of its
 * account) while it was open, from the download log: a download link is a plain GET, so the tab's
 * own log never sees one. Both links are counted: the storefront's (the account's) and the mailed one.
 */
export async function readSessionDownloads(deps: Deps, scope: SessionScope): Promise<SupportDownload[]> {
  const orderIds = (await sessionStreams(deps, scope)).filter((streamId) => streamId.startsWith('order-')).map(orderIdOfStream);
  if (orderIds.length === 0 && scope.userId === null) return [];
  const userId = scope.userId;
  const rows = await deps.database.query
    .selectFrom('commerce_download_log as l')
    .leftJoin('commerce_downloads as d', (join) => join.onRef('d.order_id', '=', 'l.order_id').onRef('d.product_id', '=', 'l.product_id').onRef('d.kind', '=', 'l.kind'))
    .select(['l.id', 'l.order_id', 'l.product_id', 'l.via', 'l.downloaded_at', 'd.name'])
    .where((eb) => {
      const ofOrders = orderIds.length > 0 ? [eb('l.order_id', 'in', orderIds)] : [];
      return eb.or(userId === null ? ofOrders : [...ofOrders, eb('l.user_id', '=', userId)]);
    })
    .where('l.downloaded_at', '>=', scope.startedAt - LEAD_MS)
    .where('l.downloaded_at', '<=', scope.lastSeenAt + TRAIL_MS)
    .orderBy('l.downloaded_at')
    .orderBy('l.id')
    .limit(MAX_DOWNLOADS)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(Number(row.downloaded_at)).toISOString(),
    label: `Downloaded ${row.name === null ? `product ${row.product_id}` : fileWords(row.name)}${row.via === 'mailed_link' ? ' through the mailed link' : ''}`,
    orderId: row.order_id,
  }));
}
