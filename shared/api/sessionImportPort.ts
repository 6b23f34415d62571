/**
 * An admin's import of an exported session file (POST /support/sessions/import), only in the
 * browser. The chosen file never enters an action or the store (the action log would record
 * megabytes): the page holds it under an import id, and the saga sends it by that id.
 */
export interface SessionImportPort {
  /** Resolves with the server's answer, or rejects with an ApiError. */
  send(importId: string): Promise<unknown>;
  release(importId: string): void;
}
