import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { type BeatSubmission, type ProcessedBeat, productStreamId } from '../domain/product/productEvents';
import { type Logger, reasonOf } from '../logging/logger';
import { TEMP_MASTER_PREFIX } from '../media/abandonedFiles';
import { renderCoverArt } from '../media/images/art/renderArt';
import { CoverRefused, processCover } from '../media/images/processCover';
import { AudioRejected } from '../media/processing/audioRejected';
import { processMaster } from '../media/processing/processMaster';
import { readWhole } from '../media/storage/mediaStorage';

/** A run stops taking new uploads after this long, so the server's other jobs get their turn. */
const RUN_BUDGET_MS = 60_000;
/** Our own failures (storage down, a bug) are retried this many times before the producer is told. */
const ATTEMPTS = 3;
export const PROCESSING_FAILED = 'We could not process this upload. Please upload it again; if it fails again, contact support.';

/**
 * Named by the product and a hash of the audio: a beat waiting for a moderator is not listed, so
 * nobody outside the studio and the moderators should find its preview by counting product ids.
 */
const previewKeyOf = (productId: number, mp3: Buffer) => `previews/upload-${productId}-${createHash('sha256').update(mp3).digest('hex').slice(0, 20)}.mp3`;

/** Failures per product that were our fault, in this server's memory: a restart gives each upload its attempts again. */
const ourFailures = new Map<number, number>();

async function record(deps: AppDeps, productId: number, command: Parameters<typeof productDecider.decide>[0]): Promise<void> {
  const { position } = await handleCommand(deps.eventStore, productStreamId(productId), productDecider, command);
  await deps.projector.waitFor(position);
}

/** The master, copied from storage (a bucket, maybe) to a file of our own, which the decoder reads as a stream; one a killed server left is swept (abandonedFiles.ts). */
async function withLocalCopy<T>(deps: AppDeps, key: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(deps.config.tempDir, TEMP_MASTER_PREFIX));
  try {
    const body = await deps.media.read(key);
    if (!body) throw new Error(`The master ${key} is missing from media storage`);
    const file = path.join(dir, path.basename(key));
    await pipeline(body, fs.createWriteStream(file));
    return await use(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The cover the producer sent, in every size; without one, art drawn from the beat's genre and moods like the demo shop's. */
async function coverOf(deps: AppDeps, submission: BeatSubmission): Promise<string> {
  if (submission.files.cover === null) {
    const { productId, details } = submission;
    return renderCoverArt(deps.media, { productId, productType: 'track', genreIds: details.genreIds, moodIds: details.moodIds });
  }
  const content = await readWhole(deps.media, submission.files.cover);
  if (!content) throw new Error(`The cover ${submission.files.cover} is missing from media storage`);
  return (await processCover(content, { media: deps.media })).src;
}

/**
 * Makes one upload ready for a moderator: the master's real format and duration, the tagged,
 * loudness-normalised preview (a public file) with its peaks, and the cover in every size. A file
 * the producer must change fails the product with a message for them; nothing is listed either way
 * until a moderator approves. Runs again after a crash: the preview and cover keys are the same,
 * and the decider keeps only the first result.
 */
export async function processUpload(deps: AppDeps, submission: BeatSubmission): Promise<void> {
  const { productId } = submission;
  let processed: ProcessedBeat;
  try {
    const master = await withLocalCopy(deps, submission.files.master, (file) =>
      processMaster(file, { previewStartSeconds: submission.details.previewStartSeconds }),
    );
    const previewKey = previewKeyOf(productId, master.previewMp3);
    await deps.media.put(previewKey, master.previewMp3, { contentType: 'audio/mpeg', visibility: 'public' });
    processed = {
      productId,
      master: { format: master.format, durationSeconds: master.durationSeconds, sampleRate: master.sampleRate, channels: master.channels },
      preview: { src: deps.media.publicUrl(previewKey), durationSeconds: master.previewDurationSeconds, peaks: master.peaks },
      coverImageSrc: await coverOf(deps, submission),
    };
  } catch (error) {
    if (error instanceof AudioRejected || error instanceof CoverRefused) {
      await record(deps, productId, { type: 'RecordProcessingFailure', productId, message: error.message });
      return;
    }
    throw error;
  }
  await record(deps, productId, { type: 'RecordProcessing', processed });
}

/**
 * The 'beat-processing' job: takes uploads waiting in `studio_products` (status `processing`, oldest
 * first) one at a time until none is left, the run's budget is spent or the server stops. The job's
 * lease (JobRunner) makes one server do it; one that dies mid-upload leaves the product waiting,
 * and the next run takes it again.
 */
export async function processWaitingUploads(deps: AppDeps, signal: AbortSignal, log: Logger = deps.log): Promise<void> {
  const started = deps.clock.now().getTime();
  const tried = new Set<number>();
  while (!signal.aborted && deps.clock.now().getTime() - started < RUN_BUDGET_MS) {
    const next = await deps.database.query
      .selectFrom('studio_products')
      .select('product_id')
      .where('status', '=', 'processing')
      .$if(tried.size > 0, (query) => query.where('product_id', 'not in', [...tried]))
      .orderBy('submitted_at')
      .orderBy('product_id')
      .executeTakeFirst();
    if (!next) return;
    const productId = Number(next.product_id);
    tried.add(productId);
    const { state } = await aggregateStream(deps.eventStore, productStreamId(productId), productDecider);
    if (state.status !== 'submitted') continue;
    try {
      await processUpload(deps, state.submission);
      ourFailures.delete(productId);
    } catch (error) {
      const failures = (ourFailures.get(productId) ?? 0) + 1;
      log.warn({ productId, attempt: failures, attempts: ATTEMPTS, reason: reasonOf(error) }, `Processing beat ${productId} failed (attempt ${failures} of ${ATTEMPTS})`);
      if (failures < ATTEMPTS) ourFailures.set(productId, failures);
      else {
        ourFailures.delete(productId);
        await record(deps, productId, { type: 'RecordProcessingFailure', productId, message: PROCESSING_FAILED });
      }
    }
  }
}
