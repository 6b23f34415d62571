import path from 'node:path';
import type { ProductState } from '../domain/product/productDecider';

/**
 * Where a beat's files come from: an uploaded beat's master and stems are the producer's own
 * private files; a demo beat (seeded, nothing uploaded) has its master rendered by the job in
 * demoMasters.ts when first sold, and its project file is built around that master.
 */
export type BeatSource =
  | { from: 'upload'; masterKey: string; extension: string; stemsKey: string | null }
  | { from: 'rendered'; masterKey: string };

/** The buyer's file extension for each format processing reads (AIFF as `.aif`, as the studio stores it). */
const EXTENSIONS: Record<string, string> = { wav: 'wav', aiff: 'aif', flac: 'flac', mp3: 'mp3' };

/** A demo beat's rendered master: private, so it leaves only through download links. */
export const renderedMasterKey = (productId: number) => `private/masters/${productId}.wav`;

/** Where the files of a beat in the shop (listed or delisted) come from; an upload's ending follows the format processing read. */
export function beatSourceOf(state: ProductState, productId: number): BeatSource {
  const inShop = state.status === 'listed' || state.status === 'delisted' ? state : null;
  const uploaded = inShop?.submission;
  if (!uploaded) return { from: 'rendered', masterKey: renderedMasterKey(productId) };
  const format = inShop?.processed?.master.format;
  const extension = (format && EXTENSIONS[format]) || path.extname(uploaded.files.master).slice(1);
  return { from: 'upload', masterKey: uploaded.files.master, extension, stemsKey: uploaded.files.stems };
}

/** The names the buyer sees on the order page and in the mail: the same as the files served. */
export function beatFileNames(source: BeatSource, base: string): { beat: string; projectFile: string } {
  return source.from === 'upload' ? { beat: `${base}.${source.extension}`, projectFile: `${base} stems.zip` } : { beat: `${base}.wav`, projectFile: `${base} project.tar.gz` };
}

/** Recorded names end like this; an order paid before masters were delivered named its beat `.mp3`. */
const KNOWN_ENDINGS = /\.(tar\.gz|zip|mp3|wav|aif|aiff|flac)$/i;

/**
 * The name a file is served under: the one recorded at payment when it fits the file, else the
 * recorded name with the served file's ending, so an old order's `Night Drive.mp3` arrives as
 * `Night Drive.wav` rather than as a WAV that claims to be an MP3.
 */
export function servedName(recorded: string, ending: string): string {
  return recorded.toLowerCase().endsWith(ending.toLowerCase()) ? recorded : `${recorded.replace(KNOWN_ENDINGS, '')}${ending}`;
}
