import { randomBytes } from 'node:crypto';
import { DOWNLOAD_DAYS } from '../../shared/domain/constants';
import type { Download } from '../../shared/schemas/order';
import type { AppDeps } from '../appDeps';
import type { DeliveredFile, OrderLine } from '../domain/order/orderEvents';
import { aggregateStream } from '../domain/aggregateStream';
import { readWhole } from '../media/storage/mediaStorage';
import { productDecider } from '../domain/product/productDecider';
import { type ProductListing, productStreamId } from '../domain/product/productEvents';
import { edmContactsCsv } from './contactsList';
import { tarGz } from './tarArchive';

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §4: files can be downloaded for 180 days from the purchase; from day 181 the link is refused. */
export const downloadExpiry = (paidAt: Date) => new Date(paidAt.getTime() + DOWNLOAD_DAYS * DAY_MS);

const fileName = (name: string) => name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'download';

/** One download per purchased file: the beat, its project file when bought, the sample pack, the contacts list. */
export function filesToDeliver(lines: readonly OrderLine[], paidAt: Date): DeliveredFile[] {
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
      case 'track':
        return [file(line, 'beat', `${base}.mp3`), ...(line.includeProjectFile ? [file(line, 'projectFile', `${base} project.tar.gz`)] : [])];
      case 'samplepack':
        return [file(line, 'samplePack', `${base}.tar.gz`)];
      case 'edmcontacts':
        return [file(line, 'contacts', 'EDM contacts.csv')];
      case 'promembership':
        // A membership is a status on the account, not a file.
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

/** A file built here (an archive, the contacts list), or one streamed from media storage by its key. */
export type DownloadBody = { fileName: string; contentType: string; content: Buffer } | { fileName: string; mediaKey: string };

async function listingOf(deps: AppDeps, productId: number): Promise<ProductListing | null> {
  const { state } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
  return state.status === 'listed' || state.status === 'delisted' ? state.listing : null;
}

/** The media key of the beat's audio: the demo shop sells the rendered preview as the beat's audio. */
async function audioKeyOf(deps: AppDeps, listing: ProductListing): Promise<string | null> {
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

/** The file behind a download link, built from the product as it was listed; null when its audio is missing. */
export async function downloadBody(deps: AppDeps, productId: number, kind: DeliveredFile['kind'], name: string, paidAt: Date): Promise<DownloadBody | null> {
  if (kind === 'contacts') return { fileName: name, contentType: 'text/csv; charset=utf-8', content: Buffer.from(edmContactsCsv(), 'utf8') };
  const listing = await listingOf(deps, productId);
  if (!listing) return null;
  const audioKey = await audioKeyOf(deps, listing);
  if (kind === 'beat') return audioKey ? { fileName: name, mediaKey: audioKey } : null;
  // Archives are built whole in memory; the preview they hold is small.
  const audio = audioKey ? await readWhole(deps.media, audioKey) : null;
  const folder = fileName(listing.name);
  switch (kind) {
    case 'projectFile': {
      const project = {
        name: listing.name,
        bpm: listing.bpm,
        key: listing.key,
        scale: listing.scale,
        tracks: [{ name: 'Full mix', file: `${folder}.mp3` }],
      };
      return {
        fileName: name,
        contentType: 'application/gzip',
        content: tarGz(
          [
            { name: `${folder}/README.txt`, content: readme(listing, 'project file') },
            { name: `${folder}/project.json`, content: Buffer.from(`${JSON.stringify(project, null, 2)}\n`) },
            ...(audio ? [{ name: `${folder}/${folder}.mp3`, content: audio }] : []),
          ],
          paidAt,
        ),
      };
    }
    case 'samplePack':
      return {
        fileName: name,
        contentType: 'application/gzip',
        content: tarGz(
          [{ name: `${folder}/README.txt`, content: readme(listing, 'sample pack') }, ...(audio ? [{ name: `${folder}/Loops/${folder} loop.mp3`, content: audio }] : [])],
          paidAt,
        ),
      };
    default: {
      const unknownKind: never = kind;
      return unknownKind;
    }
  }
}
