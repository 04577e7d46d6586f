import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalPhotoStorage } from './local-photo-storage';
import { S3PhotoStorage } from './s3-photo-storage';
import { sha256Hex } from './sigv4';

describe('LocalPhotoStorage', () => {
  it('writes, reads and deletes files under its folder, private to the app', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vitrine-uploads-'));
    const storage = new LocalPhotoStorage(root);
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
    const storage = new LocalPhotoStorage(mkdtempSync(join(tmpdir(), 'vitrine-uploads-')));
    for (const key of ['../etc/passwd', '/abs/path.jpg', 'a/../../b.jpg', 'UPPER.jpg', 'a//b.jpg'])
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Clé de stockage invalide');
  });
});

describe('S3PhotoStorage', () => {
  const config = {
    endpoint: 'http://minio:9000',
    bucket: 'vitrine-photos',
    accessKeyId: 'vitrine',
    secretAccessKey: 'minio-secret',
    region: 'us-east-1',
  };
  const calls: Array<{ url: string; method: string; headers: Record<string, string>; body?: Uint8Array }> = [];
  const responses: Response[] = [];
  const fakeFetch = (async (url: URL, init: RequestInit) => {
    calls.push({
      url: url.toString(),
      method: init.method!,
      headers: init.headers as Record<string, string>,
      body: init.body as Uint8Array | undefined,
    });
    return responses.shift()!;
  }) as unknown as typeof fetch;
  const storage = new S3PhotoStorage(config, fakeFetch);
  beforeEach(() => (calls.length = 0));

  it('puts, gets and deletes objects with path-style URLs and signed requests', async () => {
    responses.push(new Response('', { status: 200 }), new Response('stored bytes', { status: 200 }), new Response(null, { status: 204 }));
    await storage.put('order-drafts/abc/photo-1.png', Buffer.from('png bytes'), 'image/png');
    expect((await storage.get('order-drafts/abc/photo-1.png'))?.toString()).toBe('stored bytes');
    await storage.delete('order-drafts/abc/photo-1.png');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT http://minio:9000/vitrine-photos/order-drafts/abc/photo-1.png',
      'GET http://minio:9000/vitrine-photos/order-drafts/abc/photo-1.png',
      'DELETE http://minio:9000/vitrine-photos/order-drafts/abc/photo-1.png',
    ]);
    const put = calls[0];
    expect(Buffer.from(put.body!).toString()).toBe('png bytes');
    expect(put.headers).toMatchObject({ 'content-type': 'image/png', 'x-amz-content-sha256': sha256Hex('png bytes') });
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=vitrine\/\d{8}\/us-east-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
    expect(calls[1].headers['x-amz-content-sha256']).toBe(sha256Hex(''));
  });

  it('reads a missing object as null, ignores deleting one, and reports other failures with S3’s code', async () => {
    responses.push(new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 }), new Response('', { status: 404 }));
    expect(await storage.get('order-drafts/abc/gone.jpg')).toBeNull();
    await expect(storage.delete('order-drafts/abc/gone.jpg')).resolves.toBeUndefined();
    responses.push(new Response('<Error><Code>SignatureDoesNotMatch</Code></Error>', { status: 403 }));
    await expect(storage.put('order-drafts/abc/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'Stockage S3 : écriture de order-drafts/abc/x.jpg a échoué (403 SignatureDoesNotMatch)',
    );
  });
});
