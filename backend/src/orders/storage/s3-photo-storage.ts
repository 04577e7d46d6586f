import type { S3Config } from '../../config/app-config';
import { assertSafeKey, type PhotoStorage } from './photo-storage';
import { signRequest } from './sigv4';

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO…), over plain HTTPS with SigV4-signed requests and path-style
 * URLs (`<endpoint>/<bucket>/<key>`), which every S3-compatible store accepts.
 */
export class S3PhotoStorage implements PhotoStorage {
  constructor(
    private readonly config: S3Config,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    assertSafeKey(key);
    const url = new URL(`${this.config.endpoint}/${this.config.bucket}/${key}`);
    const headers = signRequest(
      { method, url, headers: contentType ? { 'content-type': contentType } : {}, body, date: new Date() },
      { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey, region: this.config.region, service: 's3' },
    );
    delete headers.host;
    return this.fetchImpl(url, { method, headers, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(20_000) });
  }

  private async fail(action: string, key: string, res: Response): Promise<never> {
    const detail = (await res.text().catch(() => '')).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? res.statusText;
    throw new Error(`Stockage S3 : ${action} ${key} a échoué (${res.status} ${detail})`);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, data, contentType);
    if (!res.ok) await this.fail('écriture de', key, res);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) await this.fail('lecture de', key, res);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await this.fail('suppression de', key, res);
    await res.arrayBuffer();
  }
}
