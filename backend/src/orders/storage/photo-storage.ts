/**
 * Where order photos' bytes live. Keys are ours (`order-drafts/<draftId>/<photoId>.jpg`), never a user's text.
 * Local disk by default; an S3-compatible bucket when S3_* is configured.
 */
export interface PhotoStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error */
  delete(key: string): Promise<void>;
}

export const PHOTO_STORAGE = Symbol('PHOTO_STORAGE');

/** A key we generate: segments of [a-z0-9-], one dot for the extension; anything else is a bug, never a path. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*(\.[a-z0-9]+)?$/.test(key)) throw new Error(`Clé de stockage invalide : ${key}`);
}
