/**
 * Where the app's files live: the order photos (`order-drafts/…`), the invoices' Factur-X files (`invoices/…`) and the
 * clients' data archives (`data-exports/…`). Keys are the code's own, never a user's text. Local disk by default
 * (`DATA_DIR/uploads`); an S3-compatible bucket when S3_* is configured. One instance for the app (StorageModule).
 */
export interface FileStorage {
  /**
   * Stores the bytes with the headers a direct reader gets (S3): their type and, given, their Content-Disposition
   * (the file's clean name); a storage read only through the app may ignore the latter.
   */
  put(key: string, data: Buffer, contentType: string, contentDisposition?: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error */
  delete(key: string): Promise<void>;
  /**
   * A short-lived URL where a browser reads the object directly (an S3 presigned GET), when the storage has such
   * URLs; without this method, the app serves the bytes itself.
   */
  directLink?(key: string, options: DirectLinkOptions): Promise<string>;
}

export interface DirectLinkOptions {
  /** How long the URL works, at most DIRECT_LINK_MAX_SECONDS */
  expiresInSeconds: number;
}

/** A direct link lasts an hour at most, whatever the signed link it answers for. */
export const DIRECT_LINK_MAX_SECONDS = 3600;

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** A key we generate: segments of [a-z0-9-], one dot for the extension; anything else is a bug, never a path. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*(\.[a-z0-9]+)?$/.test(key)) throw new Error(`Clé de stockage invalide : ${key}`);
}
