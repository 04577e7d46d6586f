import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const VERSION = 'v1';

/**
 * Seals the endpoints' signing secrets for the database, the way MailSecrets seals the outbox's one-time links:
 * AES-256-GCM under a key derived from JWT_SECRET (HKDF-SHA256, a label of its own), so a copy of the table signs
 * nothing. The secret must be recoverable (it signs each delivery): a hash would not do. Every instance shares
 * JWT_SECRET, so any instance's worker opens it.
 */
@Injectable()
export class WebhookSecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'vitrine', 'outbound webhook signing secret v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** Throws when it was sealed under another JWT_SECRET or altered. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Secret de signature illisible');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
