import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hashPassword } from './password';
import { User } from './user.entity';

/**
 * Creates the first admin at start when none exists: ADMIN_EMAIL / ADMIN_PASSWORD, or a random password printed once.
 * An advisory lock keeps two instances starting together from racing.
 */
@Injectable()
export class AdminSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAdmin();
  }

  async ensureAdmin(): Promise<void> {
    const password = this.config.adminPassword ?? randomBytes(12).toString('base64url');
    const created = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('seed-admin'))`);
      const repo = manager.getRepository(User);
      if (await repo.exists({ where: { role: 'admin' } })) return false;
      const passwordHash = await hashPassword(password);
      const existing = await repo.createQueryBuilder('u').where('lower(u.email) = :email', { email: this.config.adminEmail }).getOne();
      if (existing) await repo.update({ id: existing.id }, { role: 'admin', passwordHash });
      else await repo.insert({ email: this.config.adminEmail, name: 'Administrateur', role: 'admin', passwordHash });
      return true;
    });
    if (!created) return;
    if (this.config.adminPassword) this.logger.log(`Administrateur créé : ${this.config.adminEmail} (mot de passe de ADMIN_PASSWORD)`);
    else this.logger.warn(`Administrateur créé : ${this.config.adminEmail} — mot de passe : ${password} (affiché une seule fois, changez-le dans le profil)`);
  }
}
