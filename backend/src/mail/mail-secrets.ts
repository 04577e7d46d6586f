import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const VERSION = 'v1';
/** What replaces a secret link's token in everything that is stored or shown (outbox row, admin mail log). */
export const MASKED_TOKEN = '••••••••';

/** The link with every query value masked: `…/reset-password?token=••••••••`. */
export function maskLink(link: string): string {
  return link.replace(/([?&][^=&#]+=)[^&#]*/g, `$1${MASKED_TOKEN}`);
}

/**
 * Seals the secret links of mail (password reset, first login) for the outbox: AES-256-GCM with a key derived from the
 * app's secret (HKDF-SHA256, its own label), so the stored row holds no usable token. Only the mail worker opens them,
 * to put the link back into the mail it sends; the admin mail log never does.
 */
@Injectable()
export class MailSecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'vitrine', 'outbox secret link v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The sealed text; throws when it was not sealed with this key (another JWT secret) or was altered. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Lien scellé illisible');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
