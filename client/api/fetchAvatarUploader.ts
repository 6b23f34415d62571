import { ApiError } from '../../shared/api/apiClient';
import type { AvatarUploadPort } from '../../shared/api/avatarUploadPort';
import { fieldErrorsOf, messageOf, safeJson } from './fetchApiClient';

export interface AvatarUploader extends AvatarUploadPort {
  hold(uploadId: string, file: Blob): void;
}

/** Sends a held picture as the request body, typed as the file is (the server checks the content anyway). */
export function createFetchAvatarUploader(url: string): AvatarUploader {
  const held = new Map<string, Blob>();
  return {
    hold: (uploadId, file) => void held.set(uploadId, file),
    release: (uploadId) => void held.delete(uploadId),
    async send(uploadId) {
      const file = held.get(uploadId);
      if (!file) throw new ApiError('Choose the picture again: it is no longer here.', 0);
      let response: Response;
      try {
        response = await fetch(url, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' }, body: file });
      } catch (error) {
        throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
      }
      const answer = safeJson(await response.text());
      if (!response.ok) throw new ApiError(messageOf(answer) ?? response.statusText, response.status, fieldErrorsOf(answer));
      return answer;
    },
  };
}
