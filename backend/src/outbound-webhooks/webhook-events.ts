import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WebhookEventType } from './webhook.entities';
import { WebhooksRepository } from './webhooks.repository';

/** What a module says happened to one of its objects (docs/integrators.md, Webhooks sortants, shows each payload). */
export interface WebhookEventInput {
  type: WebhookEventType;
  /** `order`, `site`, `invoice`, `subscription`: with `objectId`, what the deliveries are ordered by */
  objectType: string;
  objectId: string;
  /** The object as the admin API shows it: never a secret, a password, a token or card data */
  object: Record<string, unknown>;
  /** The fields that changed, with their value before (a status or domain change) */
  previousAttributes?: Record<string, unknown>;
  /** A business change emits once whatever the retries: a second record with this key does nothing */
  dedupeKey?: string;
}

/**
 * The one way a module emits an outbound webhook event, like `MailService.enqueue` for mail: written in the caller's
 * transaction (the event exists exactly when the change does), with one delivery per enabled endpoint subscribed to
 * its type; nothing is written when none is. The delivery worker sends them after the commit.
 */
@Injectable()
export class WebhookEvents {
  constructor(private readonly webhooks: WebhooksRepository) {}

  /** Answers how many deliveries were queued. */
  record(tx: EntityManager, event: WebhookEventInput): Promise<number> {
    return this.webhooks.recordEvent(
      {
        type: event.type,
        objectType: event.objectType,
        objectId: event.objectId,
        payload: { object: event.object, ...(event.previousAttributes ? { previousAttributes: event.previousAttributes } : {}) },
        dedupeKey: event.dedupeKey ?? null,
      },
      tx,
    );
  }
}
