import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DOWNLOAD_DAYS } from '../../shared/domain/constants';
import type { Download } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import type { DeliveredFile, OrderLine } from '../domain/order/orderEvents';
import { aggregateStream } from '../domain/aggregateStream';
import { readWhole } from '../media/storage/mediaStorage';
import { productDecider, type ProductState } from '../domain/product/productDecider';
import { type ProductListing, productStreamId } from '../domain/product/productEvents';
import { type BeatSource, beatFileNames, beatSourceOf, servedName } from './beatFiles';
import { edmContactsCsv } from './contactsList';
import { tarGz } from './tarArchive';

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §4: files can be downloaded for 180 days from the purchase; from day 181 the link is refused. */
export const downloadExpiry = (paidAt: Date) => new Date(paidAt.getTime() + DOWNLOAD_DAYS * DAY_MS);

const fileName = (name: string) => name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'download';

/**
 * One download per purchased file: the beat, its project file when bought, the sample pack, the
 * contacts list. A beat's names follow its source (beatFiles.ts), so they match what is served.
 */
export function filesToDeliver(lines: readonly OrderLine[], paidAt: Date, beatSources: ReadonlyMap<number, BeatSource>): DeliveredFile[] {
  const expiresAt = downloadExpiry(paidAt).toISOString();
  const file = (line: OrderLine, kind: DeliveredFile['kind'], name: string): DeliveredFile => ({
    productId: line.productId,
    kind,
    name,
    expiresAt,
    // 24 random bytes: the link is the only key to the file.
    token: randomBytes(24).toString('base64url'),
  });
  return lines.flatMap((line): DeliveredFile[] => {
    const base = fileName(line.name);
    switch (line.productType) {
      case 'track': {
        const source = beatSources.get(line.productId);
        if (!source) throw new Error(`Beat ${line.productId} was sold without reading where its files come from`);
        const names = beatFileNames(source, base);
        return [file(line, 'beat', names.beat), ...(line.includeProjectFile ? [file(line, 'projectFile', names.projectFile)] : [])];
      }
      case 'samplepack':
        return [file(line, 'samplePack', `${base}.tar.gz`)];
      case 'edmcontacts':
        return [file(line, 'contacts', 'EDM contacts.csv')];
      case 'promembership':
        // A membership is a status on the account, not a file.
        return [];
      case 'customservice':
        // A custom order's files come with its delivery (server/customOrders/), not with the payment.
        return [];
      default: {
        const unknownType: never = line.productType;
        return unknownType;
      }
    }
  });
}

/**
 * The mailed link: the token is the key, so it works for whoever holds the mail (mails prefix
 * PUBLIC_URL).
 */
export const mailedDownloadPath = (token: string) => `/api/v1/downloads/${token}`;

/**
 * The storefront's link, tied to the buyer's account: it names the file, not its key, and serves
 * it only to the session of the order's buyer, so a copied link gives nobody else the file. A
 * path on this server, so it works on whatever host the storefront was reached at.
 */
export const accountDownloadPath = (orderId: string, file: Pick<DeliveredFile, 'productId' | 'kind'>) =>
  `/api/v1/ecommerce/orders/${orderId}/downloads/${file.productId}/${file.kind}`;

export function toDownload(file: DeliveredFile, url: string): Download {
  return { productId: file.productId, name: file.name, kind: file.kind, url, expiresAt: file.expiresAt };
}

/**
 * A file built here (the contacts list, an archive streamed as it is made), one streamed from
 * media storage by its key, or a demo beat's master that its job has not rendered yet.
 */
export type DownloadBody =
  | { fileName: string; contentType: string; content: Buffer }
  | { fileName: string; contentType: string; stream: Readable }
  | { fileName: string; mediaKey: string }
  | { preparing: true };

const PREPARING: DownloadBody = { preparing: true };

type SoldProduct = Extract<ProductState, { status: 'listed' | 'delisted' }>;

async function productOf(deps: AppDeps, productId: number): Promise<SoldProduct | null> {
  const { state } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
  return state.status === 'listed' || state.status === 'delisted' ? state : null;
}

/** The sample pack's loop: the demo shop's packs hold the loop their preview was made from. */
async function previewKeyOf(deps: AppDeps, listing: ProductListing): Promise<string | null> {
  const key = listing.preview ? deps.media.keyOfPublicUrl(listing.preview.src) : null;
  return key && (await deps.media.exists(key)) ? key : null;
}

function readme(listing: ProductListing, what: string): Buffer {
  const lines = [
    `${listing.name} — ${what}`,
    '',
    ...(listing.bpm === null ? [] : [`BPM: ${listing.bpm}`]),
    ...(listing.key === null ? [] : [`Key: ${listing.key}${listing.scale === 'minor' ? 'm' : ''}`]),
    ...(listing.tags.length > 0 ? [`Tags: ${listing.tags.join(', ')}`] : []),
    '',
    'Bought at Beatcrate. The Terms & Conditions of your purchase apply; do not resell this content.',
  ];
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** A demo beat's project file: its notes and the rendered master, streamed from storage into the archive. */
async function demoProjectFile(deps: AppDeps, listing: ProductListing, masterKey: string, name: string, paidAt: Date): Promise<DownloadBody> {
  const master = await deps.media.stat(masterKey);
  if (!master) return PREPARING;
  const folder = fileName(listing.name);
  const project = { name: listing.name, bpm: listing.bpm, key: listing.key, scale: listing.scale, tracks: [{ name: 'Full mix', file: `${folder}.wav` }] };
  const open = async () => {
    const body = await deps.media.read(masterKey);
    if (!body) throw new Error(`${masterKey} went missing while its archive was sent`);
    return body;
  };
  return {
    fileName: servedName(name, '.tar.gz'),
    contentType: 'application/gzip',
    stream: tarGz(
      [
        { name: `${folder}/README.txt`, content: readme(listing, 'project file') },
        { name: `${folder}/project.json`, content: Buffer.from(`${JSON.stringify(project, null, 2)}\n`) },
        { name: `${folder}/${folder}.wav`, size: master.size, open },
      ],
      paidAt,
    ),
  };
}

/**
 * The file behind a download link, from the product as it was sold: a beat's master (uploaded,
 * or rendered for a demo beat), its stems or project file, a sample pack. Null when the product
 * or an uploaded file is missing.
 */
export async function downloadBody(deps: AppDeps, productId: number, kind: DeliveredFile['kind'], name: string, paidAt: Date): Promise<DownloadBody | null> {
  if (kind === 'contacts') return { fileName: name, contentType: 'text/csv; charset=utf-8', content: Buffer.from(edmContactsCsv(), 'utf8') };
  const product = await productOf(deps, productId);
  if (!product) return null;
  const { listing } = product;
  switch (kind) {
    case 'beat': {
      const source = beatSourceOf(product, productId);
      if (source.from === 'upload') return { fileName: servedName(name, `.${source.extension}`), mediaKey: source.masterKey };
      return (await deps.media.exists(source.masterKey)) ? { fileName: servedName(name, '.wav'), mediaKey: source.masterKey } : PREPARING;
    }
    case 'projectFile': {
      const source = beatSourceOf(product, productId);
      if (source.from === 'rendered') return demoProjectFile(deps, listing, source.masterKey, name, paidAt);
      return source.stemsKey === null ? null : { fileName: servedName(name, '.zip'), mediaKey: source.stemsKey };
    }
    case 'samplePack': {
      // Sample packs keep the loop their preview was made from: the buyer gets what the pack is, loops.
      const loopKey = await previewKeyOf(deps, listing);
      const loop = loopKey ? await readWhole(deps.media, loopKey) : null;
      const folder = fileName(listing.name);
      return {
        fileName: name,
        contentType: 'application/gzip',
        stream: tarGz(
          [{ name: `${folder}/README.txt`, content: readme(listing, 'sample pack') }, ...(loop ? [{ name: `${folder}/Loops/${folder} loop.mp3`, content: loop }] : [])],
          paidAt,
        ),
      };
    }
    default: {
      const unknownKind: never = kind;
      return unknownKind;
    }
  }
}
