/**
 * The account picture's transport (POST /account/avatar with the image as the body), only in the
 * browser. The picture never enters an action or the store: the page leaves it here under an
 * upload id, and the saga sends and forgets it by that id.
 */
export interface AvatarUploadPort {
  /** The server's answer (the account profile), or an ApiError. */
  send(uploadId: string): Promise<unknown>;
  release(uploadId: string): void;
}
