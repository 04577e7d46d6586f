import { Inject, Injectable } from '@nestjs/common';
import { SealedBox } from '../common/sealed-box';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Seals the endpoints' signing secrets for the database, the way MailSecrets seals the outbox's one-time links
 * (SealedBox, a label of its own). The secret must be recoverable (it signs each delivery): a hash would not do.
 */
@Injectable()
export class WebhookSecrets extends SealedBox {
  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    super(config.jwtSecret, 'outbound webhook signing secret v1', 'Secret de signature illisible');
  }
}
