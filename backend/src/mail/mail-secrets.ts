import { Inject, Injectable } from '@nestjs/common';
import { SealedBox } from '../common/sealed-box';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** What replaces a secret link's token in everything that is stored or shown (outbox row, admin mail log). */
export const MASKED_TOKEN = '••••••••';

/** The link with every query value masked: `…/reset-password?token=••••••••`. */
export function maskLink(link: string): string {
  return link.replace(/([?&][^=&#]+=)[^&#]*/g, `$1${MASKED_TOKEN}`);
}

/**
 * Seals the secret links of mail (password reset, first login) for the outbox (SealedBox, a label of its own), so the
 * stored row holds no usable token. Only the mail worker opens them, to put the link back into the mail it sends; the
 * admin mail log never does.
 */
@Injectable()
export class MailSecrets extends SealedBox {
  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    super(config.jwtSecret, 'outbox secret link v1', 'Lien scellé illisible');
  }
}
