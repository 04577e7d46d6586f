import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStorage } from './local-file-storage';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server';
import type { S3Config } from '../../config/app-config';
import { S3FileStorage, s3LinkOrigins } from './s3-file-storage';

describe('LocalFileStorage', () => {
  it('writes, reads and deletes files under its folder, private to the app', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitrine-uploads-'));
    const storage = new LocalFileStorage(root);
    const key = 'order-drafts/3f2b6c1e-0000-4000-8000-000000000001/9a1d2c3e-0000-4000-8000-000000000002.jpg';
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    const path = join(root, ...key.split('/'));
    expect(statSync(path).mode & 0o077).toBe(0);
    expect(readdirSync(join(root, 'order-drafts', '3f2b6c1e-0000-4000-8000-000000000001'))).toEqual([
      '9a1d2c3e-0000-4000-8000-000000000002.jpg',
    ]);
    expect((await storage.get(key))?.toString()).toBe('jpeg bytes');
    await storage.put(key, Buffer.from('replaced'), 'image/jpeg');
    expect((await storage.get(key))?.toString()).toBe('replaced');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(existsSync(join(root, 'order-drafts', '3f2b6c1e-0000-4000-8000-000000000001'))).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses any key that is not one of ours', async () => {
    const storage = new LocalFileStorage(mkdtempSync(join(tmpdir(), 'vitrine-uploads-')));
    for (const key of ['../etc/passwd', '/abs/path.jpg', 'a/../../b.jpg', 'UPPER.jpg', 'a//b.jpg'])
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Clé de stockage invalide');
  });
});

describe('S3FileStorage, against a real S3-compatible server (s3rver)', () => {
  let s3: TestS3Server;
  let storage: S3FileStorage;
  const key = 'order-drafts/3f2b6c1e-0000-4000-8000-000000000001/9a1d2c3e-0000-4000-8000-000000000002.png';
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new S3FileStorage(s3.config);
  });
  afterAll(async () => {
    storage.onModuleDestroy();
    await s3.close();
  });
  beforeEach(() => s3.clear());

  it('puts, gets and deletes objects; a missing one reads as null and deletes without error', async () => {
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    expect(await s3.keys()).toEqual([key]);
    expect((await storage.get(key))?.toString()).toBe('png bytes');
    await storage.put(key, Buffer.from('replaced'), 'image/png');
    expect((await storage.get(key))?.toString()).toBe('replaced');
    await storage.delete(key);
    expect(await s3.keys()).toEqual([]);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow('Clé de stockage invalide');
  });

  it('reports a refused request with S3’s status and code, and a missing bucket as a failure, not a missing photo', async () => {
    const wrongKey = new S3FileStorage({ ...s3.config, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' } });
    await expect(wrongKey.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(
      `Stockage S3 : écriture de ${key} a échoué (403 SignatureDoesNotMatch)`,
    );
    const noBucket = new S3FileStorage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(noBucket.get(key)).rejects.toThrow(`Stockage S3 : lecture de ${key} a échoué (404 NoSuchBucket)`);
    wrongKey.onModuleDestroy();
    noBucket.onModuleDestroy();
  });

  it('finds credentials through the SDK’s default chain (AWS_* variables) when none are configured', async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    const fromEnvironment = new S3FileStorage({ ...s3.config, credentials: undefined });
    try {
      await fromEnvironment.put(key, Buffer.from('signed with the environment’s key'), 'image/png');
      expect((await storage.get(key))?.toString()).toBe('signed with the environment’s key');
    } finally {
      fromEnvironment.onModuleDestroy();
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', saved.id],
        ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('gives presigned links that read the object typed and named as stored, an hour at most, and refuse any change', async () => {
    const disposition = `inline; filename="Fa_ade.png"; filename*=UTF-8''Fa%C3%A7ade.png`;
    await storage.put(key, Buffer.from('png bytes'), 'image/png', disposition);
    const link = new URL(await storage.directLink(key, { expiresInSeconds: 90.7 }));
    expect(`${link.origin}${link.pathname}`).toBe(`${s3.endpoint}/vitrine-photos/${key}`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('90');
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('png bytes');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(disposition);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');

    expect(new URL(await storage.directLink(key, { expiresInSeconds: 7 * 86400 })).searchParams.get('X-Amz-Expires')).toBe('3600');
    for (const [name, value] of [
      ['response-content-type', 'text/html'],
      ['X-Amz-Expires', '3601'],
      ['X-Amz-Signature', '0'.repeat(64)],
    ]) {
      const tampered = new URL(link);
      tampered.searchParams.set(name, value);
      expect((await fetch(tampered)).status).toBe(403);
    }
    await expect(storage.directLink(key, { expiresInSeconds: 0.5 })).rejects.toThrow('Lien S3 : durée invalide (0.5 s)');
  });

  it('signs links for the address browsers reach the bucket at (S3_PUBLIC_ENDPOINT), which the page allows images from', async () => {
    const configs: S3Config[] = [
      { ...s3.config, publicEndpoint: 'https://photos.vitrine.example' },
      { ...s3.config, endpoint: 'http://minio:9000', forcePathStyle: false },
      { bucket: 'vitrine-photos', region: 'eu-west-3', forcePathStyle: false },
      { bucket: 'vitrine-photos', region: 'eu-west-3', forcePathStyle: true },
      // A bucket name that cannot be a host name under https: the SDK falls back to path-style.
      { bucket: 'photos.vitrine.example', region: 'eu-west-3', forcePathStyle: false },
    ].map((config) => ({ credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, ...config }));
    const origins: string[] = [];
    for (const config of configs) {
      const signer = new S3FileStorage(config);
      const origin = new URL(await signer.directLink(key, { expiresInSeconds: 60 })).origin;
      signer.onModuleDestroy();
      expect(s3LinkOrigins(config)).toContain(origin);
      origins.push(origin);
    }
    expect(origins).toEqual([
      'https://photos.vitrine.example',
      'http://vitrine-photos.minio:9000',
      'https://vitrine-photos.s3.eu-west-3.amazonaws.com',
      'https://s3.eu-west-3.amazonaws.com',
      'https://s3.eu-west-3.amazonaws.com',
    ]);
  });
});
