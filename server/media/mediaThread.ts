import { AudioRejected } from './processing/audioRejected';
import { type ProcessOptions, processMasterHere } from './processing/processMasterHere';
import type { LoopSpec } from './loopSpec';
import { renderMaster as renderMasterHere } from './renderMaster';
import { renderPreview as renderPreviewHere } from './renderPreview';
import type { MediaStorage } from './storage/mediaStorage';
import { createMediaStorage, type MediaStorageSettings } from './storage/openMediaStorage';

/*
 * The tasks of the media threads (mediaThreads.ts), one export each, run by piscina on a thread
 * of its pool. What they answer is decoded on arrival by the caller, like anything crossing a
 * boundary.
 */

/** Runs `work` with the media storage `settings` name, and lets go of it after. */
async function withStorage<T>(settings: MediaStorageSettings, work: (media: MediaStorage) => Promise<T>): Promise<T> {
  const media = createMediaStorage(settings);
  try {
    return await work(media);
  } finally {
    media.close();
  }
}

/** A demo loop's tagged preview, written to the storage (the demo seed). */
export function renderPreview({ spec, media }: { spec: LoopSpec; media: MediaStorageSettings }) {
  return withStorage(media, (storage) => renderPreviewHere(spec, storage));
}

/** A demo beat's master, synthesised and written to the storage under `key` (its first purchase). */
export function renderMaster({ spec, key, media }: { spec: LoopSpec; key: string; media: MediaStorageSettings }) {
  return withStorage(media, (storage) => renderMasterHere(spec, key, storage));
}

/**
 * An uploaded master sniffed, decoded, measured and previewed (processing/processMaster.ts). A
 * refusal is an answer, not a throw: an error's class does not survive the way back.
 */
export async function processMaster({ filePath, options }: { filePath: string; options: ProcessOptions }) {
  try {
    // Copied, not transferred: a small Buffer may share Node's pooled ArrayBuffer.
    return { kind: 'processed', master: await processMasterHere(filePath, options) };
  } catch (error) {
    if (error instanceof AudioRejected) return { kind: 'rejected', message: error.message };
    return { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
