/**
 * A custom order's delivery transport (POST /admin/custom-orders/{id}/delivery, multipart), only
 * in the browser. Like the studio's uploads, the chosen files never enter an action or the
 * store: the page holds them under an upload id, and the saga sends them by it.
 */
export interface DeliveryUploadPort {
  /** Resolves with the server's answer, or rejects with an ApiError. */
  send(uploadId: string, path: string, message: string): Promise<unknown>;
  release(uploadId: string): void;
}
