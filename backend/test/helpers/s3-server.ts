import S3rver from '@20minutes/s3rver';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Config } from '../../src/config/app-config';

/** s3rver's one account: it checks every request's signature against this key pair. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* variables pointing the app at this server */
  env: Record<string, string>;
  /** The same, as the app's configuration reads it */
  config: S3Config;
  /** The keys stored under `prefix`, sorted */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes and the headers stored with it */
  object(key: string): Promise<{ data: Buffer; contentType?: string; contentDisposition?: string; cacheControl?: string }>;
  /** Empties the bucket */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on a free port of 127.0.0.1, files in a temporary folder, one
 * bucket: requests are signed and checked (SigV4 headers and presigned queries) as S3 does.
 */
export async function startS3Server(bucket = 'vitrine-photos'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'vitrine-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    forcePathStyle: true,
  };
  const client = new S3Client({ endpoint, region: config.region, forcePathStyle: true, credentials: config.credentials });
  // s3rver signs bucket-level requests (list, delete many) over `/<bucket>`, the SDK sends `/<bucket>/`: the
  // helper's own client drops that slash before signing. The app only sends object requests, which agree.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );
  const keys = async (prefix = '') => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    config,
    keys,
    object: async (key) => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        data: Buffer.from(await object.Body!.transformToByteArray()),
        contentType: object.ContentType,
        contentDisposition: object.ContentDisposition,
        cacheControl: object.CacheControl,
      };
    },
    clear: async () => {
      const all = await keys();
      if (all.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.map((Key) => ({ Key })) } }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
