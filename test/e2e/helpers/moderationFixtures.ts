import { handleCommand } from '../../../server/domain/commandHandler';
import { productDecider } from '../../../server/domain/product/productDecider';
import { productStreamId } from '../../../server/domain/product/productEvents';
import { nextId } from '../../../server/db/idSequences';
import { openDatabase } from '../../../server/db/openDatabase';
import { createEventStore } from '../../../server/eventStore/createEventStore';
import { Projector } from '../../../server/projections/projector';
import { studioProjection } from '../../../server/projections/studioProjection';
import type { Peaks, TrackList } from '../../../shared/schemas/track';
import { ApiBrowser, registration } from '../../helpers/accountClient';
import { runUsersCommand } from '../../helpers/tools';

/**
 * What the moderation queues need on a running server, made the ways the product makes it: staff
 * by `npm run users -- grant`, verification requests and reports through the API as producers and
 * buyers send them, and a processed upload through the product's commands (the upload endpoint is
 * not there yet), as the processing job records it.
 */

/** A staff account made by the operators' command, logged in over the API. */
export async function staffAccount(server: { baseUrl: string; databaseUrl: string }, email: string, role: 'moderator' | 'admin'): Promise<ApiBrowser> {
  const api = new ApiBrowser(server.baseUrl);
  if ((await api.json('POST', '/auth/register', registration({ email }))).status !== 201) throw new Error(`could not register ${email}`);
  const granted = await runUsersCommand(server.databaseUrl, ['grant', role, email]);
  if (granted.code !== 0) throw new Error(`users grant failed: ${granted.stderr}`);
  if ((await api.json('POST', '/auth/login', { email, password: 'beats42' })).status !== 200) throw new Error(`could not log in ${email}`);
  return api;
}

export interface VerificationDetails {
  artistName: string;
  shortName: string;
  legalName: string;
  dateOfBirth: string;
  address: string;
  country: string;
}

/** A producer who registered and asked to be verified; answers their account and user id. */
export async function producerAskingVerification(baseUrl: string, email: string, details: VerificationDetails): Promise<{ api: ApiBrowser; userId: number }> {
  const api = new ApiBrowser(baseUrl);
  const form = { email, selectedRole: 'producer', isBuyer: false, socialNetwork: `https://www.facebook.com/${details.shortName}` };
  if ((await api.json('POST', '/auth/register', registration(form))).status !== 201) throw new Error(`could not register ${email}`);
  const sent = await api.json('POST', '/producer/verification', details);
  if (sent.status !== 201) throw new Error(`verification refused: ${JSON.stringify(sent.body)}`);
  return { api, userId: (await api.json<{ id: number }>('GET', '/auth/checkhealth')).body.id };
}

/** A buyer's `Report a violation` of a listed product. */
export async function reportBeat(baseUrl: string, productId: number, details: string): Promise<void> {
  const reported = await new ApiBrowser(baseUrl).json('POST', '/tracks/report', { productId, reason: 'copyright', details, email: 'rights@example.com' });
  if (reported.status !== 201) throw new Error(`report refused: ${JSON.stringify(reported.body)}`);
}

/** A listed demo beat whose preview, peaks and cover a processed upload may borrow. */
export async function demoBeatMedia(baseUrl: string): Promise<{ previewSrc: string; coverImageSrc: string | null; peaks: number[] }> {
  const api = new ApiBrowser(baseUrl);
  const { tracks } = (await api.json<TrackList>('GET', '/tracks?category=all&take=20')).body;
  const beat = tracks.find((track) => track.productType === 'track' && track.previewTrackSrc !== null);
  if (!beat?.previewTrackSrc) throw new Error('no demo beat with a preview');
  const peaks = (await api.json<Peaks>('GET', `/audio/peaks/${beat.id}`)).body.peaks;
  return { previewSrc: beat.previewTrackSrc, coverImageSrc: beat.coverImageSrc, peaks };
}

/** A beat uploaded by a verified producer and processed: it waits in `Pending tracks`. Answers its product id. */
export async function processedUpload(
  databaseUrl: string,
  beat: { producerId: number; name: string; previewSrc: string; coverImageSrc: string | null; peaks: number[] },
): Promise<number> {
  const database = await openDatabase(databaseUrl);
  const eventStore = createEventStore(database, { now: () => new Date() });
  try {
    const productId = await nextId(database, 'product');
    const stream = productStreamId(productId);
    const details = {
      name: beat.name,
      genreIds: [1],
      moodIds: [2, 4],
      tags: ['dark'],
      bpm: 140,
      key: 'C' as const,
      scale: 'minor' as const,
      vocalType: 'novocal' as const,
      samplesType: 'royaltyfreesamples' as const,
      priceCents: 29_900,
      stemsPriceCents: null,
      previewStartSeconds: 0,
    };
    await handleCommand(eventStore, stream, productDecider, {
      type: 'SubmitProduct',
      submission: { productId, producerId: beat.producerId, details, files: { master: `private/masters/${productId}.wav`, stems: null, cover: null } },
    });
    await handleCommand(eventStore, stream, productDecider, {
      type: 'RecordProcessing',
      processed: {
        productId,
        master: { format: 'wav', durationSeconds: 154.2, sampleRate: 44_100, channels: 2 },
        preview: { src: beat.previewSrc, durationSeconds: 60, peaks: beat.peaks },
        coverImageSrc: beat.coverImageSrc,
      },
    });
    // The queue is read from the studio read model: current when this returns, as `npm run users` leaves the users table.
    await new Projector(database, eventStore, [studioProjection]).catchUp();
    return productId;
  } finally {
    await eventStore.close();
    await database.close();
  }
}
