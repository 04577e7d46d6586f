import type { S3Client, S3ClientConfig, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/app-config';
import { assertSafeKey, DIRECT_LINK_MAX_SECONDS, type DirectLinkOptions, type FileStorage } from './file-storage';

/**
 * Files in an S3 bucket (AWS S3) or an S3-compatible one (MinIO, Garage, Ceph, Scaleway, OVH…) through the AWS SDK:
 * request signing, retries (3 attempts), checksums, path-style or virtual-hosted addressing, and credentials given
 * (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY) or found by the SDK's default chain (AWS_* variables, shared files,
 * container or instance role, web identity).
 */
export class S3FileStorage implements FileStorage {
  /**
   * The SDK and its clients, made on the first call rather than at start: the SDK is about 11 MB of memory and 0.2 s
   * that a process storing nothing yet does not need (issue 39). `client` talks to the bucket; `linkSigner` signs the
   * links handed to browsers, with the address they reach the bucket at (S3_PUBLIC_ENDPOINT).
   */
  private clients?: Promise<S3Clients>;

  constructor(private readonly config: S3Config) {}

  private sdk(): Promise<S3Clients> {
    return (this.clients ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
      ([s3, presigner]) => {
        const common: S3ClientConfig = {
          region: this.config.region,
          forcePathStyle: this.config.forcePathStyle,
          credentials: this.config.credentials,
          maxAttempts: 3,
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000, throwOnRequestTimeout: true },
        };
        const client = new s3.S3Client({ ...common, endpoint: this.config.endpoint });
        const linkSigner =
          this.config.publicEndpoint && this.config.publicEndpoint !== this.config.endpoint
            ? new s3.S3Client({ ...common, endpoint: this.config.publicEndpoint })
            : client;
        return { s3, getSignedUrl: presigner.getSignedUrl, client, linkSigner };
      },
    ));
  }

  /** Closes the SDK's kept-alive connections when the app stops. */
  async onModuleDestroy(): Promise<void> {
    if (!this.clients) return;
    const { client, linkSigner } = await this.clients;
    client.destroy();
    if (linkSigner !== client) linkSigner.destroy();
  }

  private async run<T>(action: string, key: string, call: () => Promise<T>): Promise<T> {
    assertSafeKey(key);
    try {
      return await call();
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      const detail = [status, (error as Error).name].filter(Boolean).join(' ');
      throw new Error(`Stockage S3 : ${action} ${key} a échoué (${detail})`, { cause: error });
    }
  }

  /**
   * The object keeps its Content-Type, Content-Disposition and Cache-Control (kept in the browser's cache only), which
   * S3 answers to presigned links as they are: nothing to override in the link's query.
   */
  async put(key: string, data: Buffer, contentType: string, contentDisposition?: string): Promise<void> {
    const { s3, client } = await this.sdk();
    await this.run('écriture de', key, () =>
      client.send(
        new s3.PutObjectCommand({
          Bucket: this.config.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentDisposition: contentDisposition,
          CacheControl: 'private, max-age=3600',
        }),
      ),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const { s3, client } = await this.sdk();
    return this.run('lecture de', key, async () => {
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
        if (!object.Body) return Buffer.alloc(0);
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.sdk();
    await this.run('suppression de', key, async () => {
      try {
        // S3 answers 204 for a missing key; some compatible servers answer 404.
        await client.send(new s3.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    });
  }

  /** A presigned GET, valid `expiresInSeconds` (at most DIRECT_LINK_MAX_SECONDS); signed locally, no request to the bucket. */
  async directLink(key: string, options: DirectLinkOptions): Promise<string> {
    assertSafeKey(key);
    const expiresIn = Math.min(DIRECT_LINK_MAX_SECONDS, Math.floor(options.expiresInSeconds));
    if (!(expiresIn >= 1)) throw new Error(`Lien S3 : durée invalide (${options.expiresInSeconds} s)`);
    const { s3, getSignedUrl, linkSigner } = await this.sdk();
    return getSignedUrl(linkSigner, new s3.GetObjectCommand({ Bucket: this.config.bucket, Key: key }), { expiresIn });
  }
}

interface S3Clients {
  s3: typeof import('@aws-sdk/client-s3');
  getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
  client: S3Client;
  linkSigner: S3Client;
}

/** No object under the key (a missing bucket is a configuration error, not a missing file). */
function isMissing(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || (error as S3ServiceException | null)?.$metadata?.httpStatusCode === 404;
}

/**
 * The origins presigned links point to, for the Content-Security-Policy's img-src: the public endpoint's (or AWS's
 * regional address), and without path-style addressing the bucket's sub-domain of it too (the SDK falls back to
 * path-style for a bucket name that cannot be a host name). The spec checks them against the SDK's own links.
 */
export function s3LinkOrigins(config: S3Config): string[] {
  const base = new URL(config.publicEndpoint ?? config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  if (config.forcePathStyle) return [base.origin];
  const virtual = new URL(base.origin);
  virtual.hostname = `${config.bucket}.${base.hostname}`;
  return [base.origin, virtual.origin];
}
