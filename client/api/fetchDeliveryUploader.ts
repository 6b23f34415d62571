import { ApiError } from '../../shared/api/apiClient';
import type { DeliveryUploadPort } from '../../shared/api/deliveryUploadPort';
import { fieldErrorsOf, messageOf, safeJson } from './fetchApiClient';

export interface DeliveryUploader extends DeliveryUploadPort {
  hold(uploadId: string, files: readonly File[]): void;
}

const NOT_SENT = 'The delivery did not reach Beatcrate. Check your connection and try again.';

/** `message` first, then the files as `files`: the order the server reads them in. Same origin, cookies sent. */
export function createFetchDeliveryUploader(apiPrefix: string): DeliveryUploader {
  const held = new Map<string, readonly File[]>();
  return {
    hold: (uploadId, files) => void held.set(uploadId, files),
    release: (uploadId) => void held.delete(uploadId),
    async send(uploadId, path, message) {
      const files = held.get(uploadId);
      if (!files) throw new ApiError('Choose the files again: they are no longer here.', 0);
      const body = new FormData();
      body.append('message', message);
      for (const file of files) body.append('files', file, file.name);
      let response: Response;
      try {
        response = await fetch(`${apiPrefix}${path}`, { method: 'POST', body, credentials: 'include', headers: { Accept: 'application/json' } });
      } catch {
        throw new ApiError(NOT_SENT, 0);
      }
      const answer = safeJson(await response.text());
      if (!response.ok) throw new ApiError(messageOf(answer) ?? `The delivery was refused (${response.status})`, response.status, fieldErrorsOf(answer));
      return answer;
    },
  };
}
