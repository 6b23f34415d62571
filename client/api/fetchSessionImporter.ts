import { ApiError } from '../../shared/api/apiClient';
import type { SessionImportPort } from '../../shared/api/sessionImportPort';
import { fieldErrorsOf, messageOf, safeJson } from './fetchApiClient';

export interface SessionImporter extends SessionImportPort {
  hold(importId: string, file: File): void;
}

const NOT_SENT = 'The file did not reach Beatcrate. Check your connection and try again.';

/** Sends the file's text as `{file}`, same origin with cookies, as the server's import takes it. */
export function createFetchSessionImporter(apiPrefix: string): SessionImporter {
  const held = new Map<string, File>();
  return {
    hold: (importId, file) => void held.set(importId, file),
    release: (importId) => void held.delete(importId),
    async send(importId) {
      const file = held.get(importId);
      if (!file) throw new ApiError('Choose the file again: it is no longer here.', 0);
      let response: Response;
      try {
        response = await fetch(`${apiPrefix}/support/sessions/import`, {
          method: 'POST',
          body: JSON.stringify({ file: await file.text() }),
          credentials: 'include',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        });
      } catch {
        throw new ApiError(NOT_SENT, 0);
      }
      const answer = safeJson(await response.text());
      if (!response.ok) throw new ApiError(messageOf(answer) ?? `The import was refused (${response.status})`, response.status, fieldErrorsOf(answer));
      return answer;
    },
  };
}
