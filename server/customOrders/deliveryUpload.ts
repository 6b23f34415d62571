import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { CUSTOM_ORDER_LIMITS, DELIVERY_FILE_TYPES, DeliveryMessage } from '../../shared/schemas/customOrders';
import type { AppDeps } from '../appDeps';
import type { CustomOrderFileRef } from '../domain/customOrder/customOrderEvents';
import { HttpError, parseInput } from '../http/endpoint';
import { refuseFormErrors } from '../http/formErrors';
import { byteCap, splitHead } from '../studio/uploadStreams';

const MB = 1024 * 1024;
const SNIFF_BYTES = 4100;
const MESSAGE_MAX_BYTES = 64 * 1024;
const MOST_BYTES = CUSTOM_ORDER_LIMITS.files * CUSTOM_ORDER_LIMITS.fileBytes + MB;

const CONTENT_TYPES: Record<(typeof DELIVERY_FILE_TYPES)[number], string> = {
  wav: 'audio/wav',
  aif: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  zip: 'application/zip',
  pdf: 'application/pdf',
};

const ACCEPTED = 'WAV, AIFF, FLAC, MP3, ZIP or PDF';
const fileRefused = (statusCode: number, message: string) => new HttpError(statusCode, message, { errors: { files: message } });

/** A name the buyer's download gets: letters, digits, spaces, dots, dashes. */
const safeName = (name: string, ext: string) => {
  const cleaned = name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 120);
  const base = cleaned.replace(/\.[^.]*$/, '') || 'delivery';
  return `${base}.${ext}`;
};

/**
 * A delivery as it arrives (multipart/form-data: `message` first, then 1 to 5 `files`): each file
 * is checked by its first bytes (audio, a zip of stems or a PDF, whatever its name says) and
 * streamed to a private key under its cap, never whole in memory. The first refusal answers at
 * once and removes whatever was stored.
 */
export async function receiveDelivery(deps: AppDeps, request: IncomingMessage, customOrderId: string): Promise<{ message: string; files: CustomOrderFileRef[] }> {
  if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) throw new HttpError(415, 'Send the delivery as multipart/form-data');
  if (Number(request.headers['content-length'] ?? 0) > MOST_BYTES) throw new HttpError(413, `A delivery is at most ${Math.floor(MOST_BYTES / MB)} MB`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      limits: { fields: 1, files: CUSTOM_ORDER_LIMITS.files, parts: CUSTOM_ORDER_LIMITS.files + 1, fieldSize: MESSAGE_MAX_BYTES, fileSize: CUSTOM_ORDER_LIMITS.fileBytes + 1 },
    });
  } catch {
    throw new HttpError(400, 'The delivery is not a well-formed multipart/form-data body');
  }
  let message: string | null = null;
  const files: CustomOrderFileRef[] = [];
  const open = new Set<Readable>();
  const tasks: Promise<void>[] = [];

  const received = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      request.resume();
      for (const stream of open) stream.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };
    const store = async (name: string, file: Readable) => {
      const { head, whole } = await splitHead(file, SNIFF_BYTES);
      const { fileTypeFromBuffer } = await import('file-type');
      const ext = (await fileTypeFromBuffer(head))?.ext;
      const known = DELIVERY_FILE_TYPES.find((type) => type === ext);
      if (!known) {
        // The rest of the file is never read (splitHead: an unread `whole` is destroyed by its reader).
        whole.destroy();
        throw fileRefused(400, `${name.slice(0, 80)} is not a ${ACCEPTED} file`);
      }
      const fileId = randomUUID();
      const key = `private/custom-orders/${customOrderId}/${fileId}.${known}`;
      const capped = byteCap(whole, CUSTOM_ORDER_LIMITS.fileBytes, () => fileRefused(413, `${name.slice(0, 80)} is larger than ${CUSTOM_ORDER_LIMITS.fileBytes / MB} MB`));
      await deps.media.put(key, capped, { contentType: CONTENT_TYPES[known], visibility: 'private' });
      const stored = await deps.media.stat(key);
      files.push({ fileId, name: safeName(name, known), bytes: stored?.size ?? 0, contentType: CONTENT_TYPES[known], key });
    };
    parser.on('field', (name, value, info) => {
      if (failed) return;
      try {
        if (name !== 'message') throw new HttpError(400, `A delivery has no part "${name.slice(0, 40)}"`);
        if (info.valueTruncated) throw new HttpError(413, `The message is longer than ${MESSAGE_MAX_BYTES / 1024} KB`);
        const body = { message: value };
        refuseFormErrors(body, DeliveryMessage.form);
        message = parseInput(body, DeliveryMessage.body, 'delivery').message.trim();
      } catch (error) {
        fail(error);
      }
    });
    parser.on('file', (name, file, info) => {
      const refusal = failed ? null : message === null ? new HttpError(400, 'Send the message before the files') : name !== 'files' ? new HttpError(400, `A delivery has no file part "${name.slice(0, 40)}"`) : null;
      if (failed || refusal) {
        file.resume();
        if (refusal) fail(refusal);
        return;
      }
      open.add(file);
      file.on('error', () => undefined);
      const previous = tasks.at(-1) ?? Promise.resolve();
      tasks.push(
        previous
          .then(() => (failed ? void file.resume() : store(info.filename || 'delivery', file)))
          .catch(fail)
          .finally(() => open.delete(file)),
      );
    });
    const tooMany = () => fail(fileRefused(400, `A delivery holds at most ${CUSTOM_ORDER_LIMITS.files} files`));
    parser.on('filesLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('fieldsLimit', () => fail(new HttpError(400, 'The message was sent twice')));
    parser.on('error', () => fail(new HttpError(400, 'The delivery is not a well-formed multipart/form-data body')));
    parser.on('close', () => {
      Promise.all(tasks).then(() => {
        if (failed) return;
        if (message === null) fail(new HttpError(400, 'Message is required', { errors: { message: 'Message is required' } }));
        else if (files.length === 0) fail(fileRefused(400, 'Attach at least one file'));
        else resolve();
      }, fail);
    });
    request.pipe(parser);
  });
  try {
    await received;
  } catch (error) {
    await Promise.allSettled(tasks);
    for (const file of files) await deps.media.delete(file.key);
    throw error;
  }
  return { message: message ?? '', files };
}
