import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { SupportMessage } from './support-message.entity';

/** The support module's `support_messages` table. */
@Injectable()
export class SupportRepository extends BaseRepository {
  latestOf(userId: string, tx?: EntityManager): Promise<SupportMessage | null> {
    return this.repo(SupportMessage, tx).findOne({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  insert(
    message: { userId: string; email: string; name: string | null; subject: string; message: string },
    tx?: EntityManager,
  ): Promise<SupportMessage> {
    return this.repo(SupportMessage, tx).save(this.repo(SupportMessage, tx).create(message));
  }

  /** Every message of an account, oldest first. */
  ofUser(userId: string, tx?: EntityManager): Promise<SupportMessage[]> {
    return this.repo(SupportMessage, tx).find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async deleteOfUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM support_messages WHERE user_id = $1`, [userId], tx);
  }
}
