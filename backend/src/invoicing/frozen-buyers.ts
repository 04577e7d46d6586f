import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { buyerCompany, companyOrNull } from '@vitrine/domain';
import { BaseRepository } from '../database/base.repository';
import type { BillingProfile } from './billing-profile.entity';
import { FrozenBuyer, type FrozenIdentity } from './frozen-buyer.entity';
import type { OrderBilling } from './invoicing.service';

/** The `frozen_buyers` table. */
@Injectable()
export class FrozenBuyersRepository extends BaseRepository {
  async upsert(row: Omit<FrozenBuyer, 'createdAt' | 'user'>, tx: EntityManager): Promise<void> {
    await this.query(
      `INSERT INTO frozen_buyers (subscription_id, user_id, buyer) VALUES ($1, $2, $3)
       ON CONFLICT (subscription_id) DO NOTHING`,
      [row.subscriptionId, row.userId, JSON.stringify(row.buyer)],
      tx,
    );
  }

  find(subscriptionId: string, tx?: EntityManager): Promise<FrozenBuyer | null> {
    return this.repo(FrozenBuyer, tx).findOneBy({ subscriptionId });
  }

  async delete(subscriptionId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM frozen_buyers WHERE subscription_id = $1`, [subscriptionId], tx);
  }

  async deleteOfUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM frozen_buyers WHERE user_id = $1`, [userId], tx);
  }
}

/**
 * The buyer of an order's first invoice, frozen: the order's billing identity (as it was when its payment opened)
 * handed over by the order's provisioning, in the transaction that applies the payment, before the legal invoice is
 * issued in that same transaction. Keyed by the subscription the checkout opened, so that the invoice of each payment
 * gets its own order's buyer, whatever other orders of the same account are applied beside it.
 */
@Injectable()
export class FrozenBuyers {
  constructor(private readonly repo: FrozenBuyersRepository) {}

  /** Freezes the order's identity as the buyer of the subscription's first invoice (the first one handed over stays). */
  freeze(subscriptionId: string, userId: string, billing: OrderBilling & { email: string }, tx: EntityManager): Promise<void> {
    const { buyerType, ...company } = buyerCompany(billing);
    return this.repo.upsert(
      {
        subscriptionId,
        userId,
        buyer: {
          buyerType,
          fullName: billing.fullName.trim(),
          ...companyOrNull(company),
          address: billing.address.trim(),
          postalCode: billing.postalCode.trim(),
          city: billing.city.trim(),
          countryCode: 'FR',
          email: billing.email.trim().toLowerCase(),
        },
      },
      tx,
    );
  }

  /** The frozen buyer of a subscription's first invoice, as a billing profile (and its address), or null. */
  async of(subscriptionId: string, tx?: EntityManager): Promise<{ userId: string; profile: BillingProfile; email: string } | null> {
    const row = await this.repo.find(subscriptionId, tx);
    if (!row) return null;
    return { userId: row.userId, profile: asProfile(row.userId, row.buyer, row.createdAt), email: row.buyer.email };
  }

  /** Once its invoice is issued (which keeps the identity). */
  used(subscriptionId: string, tx: EntityManager): Promise<void> {
    return this.repo.delete(subscriptionId, tx);
  }

  /** A closed account's erasure. */
  eraseOf(userId: string, tx: EntityManager): Promise<void> {
    return this.repo.deleteOfUser(userId, tx);
  }
}

function asProfile(userId: string, b: FrozenIdentity, at: Date): BillingProfile {
  return {
    userId,
    buyerType: b.buyerType,
    fullName: b.fullName,
    ...companyOrNull(b),
    address: b.address,
    postalCode: b.postalCode,
    city: b.city,
    countryCode: b.countryCode,
    updatedAt: at,
  };
}
