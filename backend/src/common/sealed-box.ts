import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Text sealed for the database with AES-256-GCM (node:crypto) under a key derived from the app's secret by HKDF-SHA256
 * with a label of its own, so that a copy of a table opens nothing and one use's sealed text never opens as another's.
 * Sealed: `v1.<iv>.<tag>.<data>`, base64url. Every instance shares the secret (JWT_SECRET), so any of them opens it.
 * Used by the mail outbox's one-time links (MailSecrets) and the webhooks' signing secrets (WebhookSecrets).
 */
export class SealedBox {
  private readonly key: Buffer;

  /** `unreadable`: the message of what open() throws. */
  constructor(
    secret: string,
    label: string,
    private readonly unreadable: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'vitrine', label, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The sealed text; throws when it was sealed under another secret or label, or was altered. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error(this.unreadable);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
