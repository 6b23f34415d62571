/**
 * Media keys name stored files the same way on every adapter: `previews/abc.mp3`,
 * `private/masters/42.wav`. A key may come from a URL, so it is checked before it touches a disk
 * or a bucket: segments of letters, digits, `.`, `_` and `-` that start with a letter or a digit,
 * so no `..`, no absolute path, no backslash, no hidden or temporary file.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** S3 allows 1024 bytes; keys are ASCII here, so characters and bytes agree. */
const MAX_KEY_LENGTH = 1024;

/** Keys under this first segment are private: no public route serves them, only download responses. */
export const PRIVATE_PREFIX = 'private/';

export type Visibility = 'public' | 'private';

export class InvalidMediaKey extends Error {
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidMediaKey';
  }
}

export function isMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment))) return false;
  const [first] = segments;
  if (first?.toLowerCase() !== 'private') return true;
  // On a case-insensitive disk `Private/x` would be the private folder: only the exact spelling is a prefix, and it names a folder.
  return first === 'private' && segments.length > 1;
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new InvalidMediaKey(key);
}

export const visibilityOf = (key: string): Visibility => (key.startsWith(PRIVATE_PREFIX) ? 'private' : 'public');

/** A put must say what it means, and the key must agree: a master written under a public key would be served to anyone. */
export function assertVisibility(key: string, visibility: Visibility): void {
  assertMediaKey(key);
  if (visibilityOf(key) !== visibility) {
    throw new Error(`Media key ${key} is ${visibilityOf(key)}, but the file was written as ${visibility}: private keys start with ${PRIVATE_PREFIX}`);
  }
}
