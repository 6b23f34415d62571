import type { BeatDetails } from '../schemas/studio';

/** One upload under way: its answer (the server's body, or an ApiError), and a way to stop it. */
export interface BeatUploadTransfer {
  done: Promise<unknown>;
  abort(): void;
}

/**
 * The studio's upload transport (POST /studio/beats, multipart, with progress), only in the
 * browser. The files themselves never enter an action or the store: the page hands them to the
 * transport under an upload id, and the saga sends and forgets them by that id.
 */
export interface BeatUploadPort {
  send(uploadId: string, details: BeatDetails, onProgress: (percent: number) => void): BeatUploadTransfer;
  /** Drops the files held for `uploadId` (sent, failed or cancelled). */
  release(uploadId: string): void;
}
