import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { hashPassword } from './password';
import { UsersRepository } from './users.repository';

/**
 * Creates the first admin at start when none exists: ADMIN_EMAIL / ADMIN_PASSWORD, or a random password printed once.
 * An advisory lock keeps two instances starting together from racing.
 */
@Injectable()
export class AdminSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAdmin();
  }

  async ensureAdmin(): Promise<void> {
    const password = this.config.adminPassword ?? randomBytes(12).toString('base64url');
    const created = await this.transactions.run(async (tx) => {
      await this.transactions.lock('seed-admin', tx);
      if (await this.users.adminExists(tx)) return false;
      const passwordHash = await hashPassword(password, this.config.passwordHashCost);
      const existing = await this.users.findByEmail(this.config.adminEmail, tx);
      if (existing) await this.users.update(existing.id, { role: 'admin', passwordHash }, tx);
      else await this.users.insert({ email: this.config.adminEmail, name: 'Administrateur', role: 'admin', passwordHash }, tx);
      return true;
    });
    if (!created) return;
    if (this.config.adminPassword) this.logger.log(`Administrateur créé : ${this.config.adminEmail} (mot de passe de ADMIN_PASSWORD)`);
    else
      this.logger.warn(
        `Administrateur créé : ${this.config.adminEmail} — mot de passe : ${password} (affiché une seule fois, changez-le dans le profil)`,
      );
  }
}
