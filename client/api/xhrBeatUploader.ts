import { ApiError } from '../../shared/api/apiClient';
import type { BeatUploadPort } from '../../shared/api/beatUploadPort';
import { BEAT_FILE_PARTS, type BeatFilePart } from '../../shared/schemas/studioAnswers';
import { fieldErrorsOf, messageOf, safeJson } from './fetchApiClient';

/** What the upload form chose: the master always, the cover and the stems when given. */
export type BeatFiles = { master: File } & Partial<Record<Exclude<BeatFilePart, 'master'>, File>>;

/** The part of XMLHttpRequest the uploader uses, so tests can stand in for the network. */
export type UploadRequest = Pick<XMLHttpRequest, 'open' | 'send' | 'abort' | 'setRequestHeader' | 'status' | 'responseText' | 'withCredentials'> & {
  upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
};

export interface BeatUploader extends BeatUploadPort {
  /** Keeps the chosen files until the saga sends them under this id. */
  hold(uploadId: string, files: BeatFiles): void;
}

export const UPLOAD_FAILED = 'The upload did not reach Beatcrate. Check your connection and try again.';
export const UPLOAD_CANCELLED = 'Upload cancelled';
const TOO_LARGE = 'The file is too large: a master may have up to 300 MB.';

/**
 * POST /studio/beats as multipart/form-data: `details` (the BeatDetails JSON) first, then
 * `master`, `cover`, `stems`, the order the server streams them in. fetch cannot report upload
 * progress, so this is an XMLHttpRequest: same origin, cookies sent, the browser adds Origin.
 */
export function createXhrBeatUploader(url: string, newRequest: () => UploadRequest = () => new XMLHttpRequest()): BeatUploader {
  const held = new Map<string, BeatFiles>();
  return {
    hold(uploadId, files) {
      held.set(uploadId, files);
    },
    release(uploadId) {
      held.delete(uploadId);
    },
    send(uploadId, details, onProgress) {
      const files = held.get(uploadId);
      const request = newRequest();
      const done = new Promise<unknown>((resolve, reject) => {
        if (!files) {
          reject(new ApiError('Choose the files again: this upload’s files are no longer here.', 0));
          return;
        }
        const body = new FormData();
        body.append('details', JSON.stringify(details));
        for (const part of BEAT_FILE_PARTS) {
          const file = files[part];
          if (file) body.append(part, file, file.name);
        }
        request.open('POST', url);
        request.withCredentials = true;
        request.setRequestHeader('Accept', 'application/json');
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
        };
        request.onload = () => {
          const answer = request.responseText ? safeJson(request.responseText) : null;
          if (request.status >= 200 && request.status < 300) {
            resolve(answer);
            return;
          }
          const fallback = request.status === 413 ? TOO_LARGE : `The upload was refused (${request.status})`;
          reject(new ApiError(messageOf(answer) ?? fallback, request.status, fieldErrorsOf(answer)));
        };
        request.onerror = () => reject(new ApiError(UPLOAD_FAILED, 0));
        request.onabort = () => reject(new ApiError(UPLOAD_CANCELLED, 0));
        request.send(body);
      });
      return { done, abort: () => request.abort() };
    },
  };
}
