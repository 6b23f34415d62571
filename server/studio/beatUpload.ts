import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { type BeatDetails, BeatDetailsSchema, MASTER_REQUIRED, UPLOAD_LIMITS } from '../../shared/schemas/studio';
import { BEAT_FILE_PARTS, type BeatFilePart, type BeatUploadAnswer } from '../../shared/schemas/studioAnswers';
import type { AppDeps } from '../appDeps';
import { nextId } from '../db/idSequences';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId, type SubmissionFiles } from '../domain/product/productEvents';
import { HttpError, parseInput } from '../http/endpoint';
import { refuseFormErrors } from '../http/formErrors';
import { checkCover, CoverRefused } from '../media/images/processCover';
import { AudioRejected, type AudioFormat } from '../media/processing/audioRejected';
import { checkDuration } from '../media/processing/audioLimits';
import { SNIFF_BYTES, sniffAudioHead } from '../media/processing/sniffAudio';
import { statedInHead } from '../media/processing/uncompressedPcm';
import { byteCap, readCapped, splitHead } from './uploadStreams';
import { claimUploadSlot, releaseUploadSlot } from './uploadSlots';

type FilePart = BeatFilePart;
const DETAILS_PART = 'details';

const MB = 1024 * 1024;
/** Headers and boundaries beside the files: far more than a form's worth. */
const FORM_OVERHEAD_BYTES = MB;
const MOST_BYTES = UPLOAD_LIMITS.masterBytes + UPLOAD_LIMITS.stemsBytes + UPLOAD_LIMITS.coverBytes + FORM_OVERHEAD_BYTES;
const DETAILS_MAX_BYTES = 64 * 1024;

const MASTER_EXTENSIONS: Record<AudioFormat, string> = { wav: 'wav', aiff: 'aif', flac: 'flac', mp3: 'mp3' };
const COVER_EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

const NOT_MULTIPART = 'Send the beat as multipart/form-data';
const MALFORMED = 'The upload is not a well-formed multipart/form-data body';
const TOO_MANY_PARTS = 'The upload has more parts than a beat takes: details, master, cover and stems';
const DETAILS_FIRST = "Send the beat's details before its files";

/** A refusal about one part of the form, so the page can show it beside that field. */
const partRefused = (statusCode: number, part: string, message: string) => new HttpError(statusCode, message, { errors: { [part]: message } });

const isFilePart = (name: string): name is FilePart => (BEAT_FILE_PARTS as readonly string[]).includes(name);

function tooLarge(part: FilePart): HttpError {
  switch (part) {
    case 'master':
      return partRefused(413, part, `The master is larger than ${UPLOAD_LIMITS.masterBytes / MB} MB.`);
    case 'stems':
      return partRefused(413, part, `The stems' zip is larger than ${UPLOAD_LIMITS.stemsBytes / MB} MB.`);
    case 'cover':
      return partRefused(413, part, `The cover image is larger than ${UPLOAD_LIMITS.coverBytes / MB} MB.`);
    default: {
      const unknownPart: never = part;
      return unknownPart;
    }
  }
}

function parseDetails(value: string): BeatDetails {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new HttpError(400, "The beat's details must be JSON");
  }
  refuseFormErrors(parsed, BeatDetailsSchema);
  return parseInput(parsed, BeatDetailsSchema, 'beat');
}

/**
 * Receives `POST /studio/beats` as it arrives: the details are checked first, then each file is
 * checked by its first bytes (the master must sniff as WAV, AIFF, FLAC or MP3, and a WAV's or
 * AIFF's header there must state a rate and length processing accepts, audioLimits.ts; the stems as a
 * zip, the cover must be a JPEG, PNG or WebP of at least 1000 px) and streamed to a private key in
 * media storage, counted against its cap, never whole in memory (the cover, at most 20 MB, is read
 * whole to check it). The first refusal answers at once, without waiting for the rest of the
 * body, removes whatever was stored and gives the producer's upload slot back (uploadSlots.ts,
 * taken before the body is read); only a complete, accepted upload becomes a submitted product,
 * which processing (beatProcessing.ts) picks up, and it holds its slot until processing ends.
 */
export async function receiveBeatUpload(deps: AppDeps, request: IncomingMessage, producerId: number): Promise<BeatUploadAnswer> {
  if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) throw new HttpError(415, NOT_MULTIPART);
  if (Number(request.headers['content-length'] ?? 0) > MOST_BYTES) throw new HttpError(413, `An upload is at most ${Math.floor(MOST_BYTES / MB)} MB`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      limits: { fields: 1, files: 3, parts: 4, fieldSize: DETAILS_MAX_BYTES, fileSize: Math.max(UPLOAD_LIMITS.masterBytes, UPLOAD_LIMITS.stemsBytes) + 1 },
    });
  } catch {
    throw new HttpError(400, MALFORMED);
  }
  // One account may not fill the processing queue: the slot is taken before a byte of the body is read.
  const productId = await nextId(deps.database, 'product');
  await claimUploadSlot(deps, producerId, productId);
  try {
    return await receiveInto(deps, request, parser, producerId, productId);
  } catch (error) {
    await releaseUploadSlot(deps, producerId, productId);
    throw error;
  }
}

async function receiveInto(deps: AppDeps, request: IncomingMessage, parser: busboy.Busboy, producerId: number, productId: number): Promise<BeatUploadAnswer> {

  let details: BeatDetails | null = null;
  const stored = new Map<FilePart, string>();
  const open = new Set<Readable>();
  const tasks: Promise<void>[] = [];

  const received = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      // The rest of the body is read and dropped, so the answer is not stuck behind it.
      request.resume();
      for (const stream of open) stream.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };

    const store = async (part: FilePart, file: Readable): Promise<void> => {
      const folder = `private/uploads/${productId}`;
      if (part === 'cover') {
        const content = await readCapped(file, UPLOAD_LIMITS.coverBytes, () => tooLarge(part));
        let format: keyof typeof COVER_EXTENSIONS;
        try {
          ({ format } = await checkCover(content));
        } catch (error) {
          throw error instanceof CoverRefused ? partRefused(400, part, error.message) : error;
        }
        const key = `${folder}/cover.${COVER_EXTENSIONS[format]}`;
        await deps.media.put(key, content, { contentType: `image/${format}`, visibility: 'private' });
        stored.set(part, key);
        return;
      }
      const { head, whole } = await splitHead(file, SNIFF_BYTES);
      let key: string;
      let contentType: string;
      try {
        if (part === 'master') {
          try {
            const { format } = await sniffAudioHead(head);
            // A WAV's or AIFF's rate and length are stated in its head: a forged or too short one is refused now, not after processing.
            const stated = format === 'wav' || format === 'aiff' ? await statedInHead(head, format) : null;
            if (stated) checkDuration(stated.durationSeconds);
            key = `${folder}/master.${MASTER_EXTENSIONS[format]}`;
            contentType = format === 'mp3' ? 'audio/mpeg' : `audio/${format}`;
          } catch (error) {
            throw error instanceof AudioRejected ? partRefused(400, part, error.message) : error;
          }
        } else {
          const { fileTypeFromBuffer } = await import('file-type');
          if ((await fileTypeFromBuffer(head))?.ext !== 'zip') throw partRefused(400, part, 'The stems must be a .zip file; this file is not one.');
          key = `${folder}/stems.zip`;
          contentType = 'application/zip';
        }
      } catch (error) {
        // Refused by its head: the rest of the file is never read (splitHead: an unread `whole` is destroyed by its reader).
        whole.destroy();
        throw error;
      }
      const cap = part === 'master' ? UPLOAD_LIMITS.masterBytes : UPLOAD_LIMITS.stemsBytes;
      await deps.media.put(key, byteCap(whole, cap, () => tooLarge(part)), { contentType, visibility: 'private' });
      stored.set(part, key);
    };

    parser.on('field', (name, value, info) => {
      if (failed) return;
      try {
        if (name !== DETAILS_PART) throw new HttpError(400, `An upload has no part "${name.slice(0, 40)}"`);
        if (details) throw new HttpError(400, "The beat's details were sent twice");
        if (info.valueTruncated) throw new HttpError(413, `The beat's details are longer than ${DETAILS_MAX_BYTES / 1024} KB`);
        details = parseDetails(value);
      } catch (error) {
        fail(error);
      }
    });
    const seen = new Set<FilePart>();
    parser.on('file', (name, file) => {
      const refusal = failed
        ? null
        : !details
          ? new HttpError(400, DETAILS_FIRST)
          : !isFilePart(name)
            ? new HttpError(400, `An upload has no file "${name.slice(0, 40)}"`)
            : seen.has(name)
              ? new HttpError(400, `The ${name} was sent twice`)
              : null;
      if (failed || refusal || !isFilePart(name)) {
        file.resume();
        if (refusal) fail(refusal);
        return;
      }
      seen.add(name);
      open.add(file);
      // A part still waiting its turn when another fails is destroyed with that failure, already answered.
      file.on('error', () => undefined);
      // Each part is judged after the one before it, so the producer hears about the first wrong
      // part first, whichever check happens to be quicker. The body is read in order anyway.
      const previous = tasks.at(-1) ?? Promise.resolve();
      tasks.push(
        previous
          .then(() => (failed ? void file.resume() : store(name, file)))
          .catch(fail)
          .finally(() => open.delete(file)),
      );
    });
    const tooMany = () => fail(new HttpError(400, TOO_MANY_PARTS));
    parser.on('partsLimit', tooMany);
    parser.on('filesLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('error', () => fail(new HttpError(400, MALFORMED)));
    parser.on('close', () => {
      // Each file's task ends after the parser has read it; settle them before judging the whole.
      void Promise.all(tasks).then(() => {
        if (!failed) resolve();
      });
    });
    // A client that goes away mid-upload leaves nothing behind.
    request.once('close', () => {
      if (!request.complete) fail(new HttpError(400, 'The upload was interrupted'));
    });
    request.pipe(parser);
  });

  const removeStored = async () => {
    await Promise.allSettled(tasks);
    await Promise.all([...stored.values()].map((key) => deps.media.delete(key)));
  };
  try {
    await received;
    const accepted = complete(details, stored);
    const submission = { productId, producerId, details: accepted.details, files: accepted.files };
    const { position } = await handleCommand(deps.eventStore, productStreamId(submission.productId), productDecider, { type: 'SubmitProduct', submission });
    await deps.projector.waitFor(position);
    return { productId: submission.productId, status: 'processing' };
  } catch (error) {
    await removeStored();
    throw error;
  }
}

/** What a whole upload must hold once every part arrived. */
function complete(details: BeatDetails | null, stored: ReadonlyMap<FilePart, string>): { details: BeatDetails; files: SubmissionFiles } {
  if (!details) throw partRefused(400, 'details', "Fill in the beat's details");
  const master = stored.get('master');
  if (!master) throw partRefused(400, 'master', MASTER_REQUIRED);
  const stems = stored.get('stems') ?? null;
  if (stems !== null && details.stemsPriceCents === null) throw partRefused(400, 'stemsPriceCents', "Set the stems' price, or leave the stems out");
  if (stems === null && details.stemsPriceCents !== null) throw partRefused(400, 'stems', 'Add the stems as a .zip file, or leave their price empty');
  return { details, files: { master, stems, cover: stored.get('cover') ?? null } };
}
