import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthResponseDto, LivenessResponseDto, ReadinessResponseDto } from './health.dto';
import { Lifecycle } from './lifecycle';

export const DRAINING_MESSAGE = 'Arrêt en cours : ce serveur termine les requêtes en cours et n’en accepte plus de nouvelles';
export const DATABASE_DOWN_MESSAGE = 'Base de données injoignable';
export const MIGRATIONS_PENDING_MESSAGE = 'Migrations en attente : la base n’a pas encore le schéma de cette version';

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** The process answers: nothing else is asked (a draining instance is alive; restarting it would cut its requests). */
  live(): LivenessResponseDto {
    return { status: 'ok' };
  }

  /** Ready for traffic: not draining, the database answers, and every migration of this version is applied. */
  async ready(): Promise<ReadinessResponseDto> {
    await this.check();
    let applied: Set<string>;
    try {
      const table = this.dataSource.options.migrationsTableName ?? 'migrations';
      applied = new Set((await this.dataSource.query<Array<{ name: string }>>(`SELECT name FROM "${table}"`)).map((row) => row.name));
    } catch {
      throw new ServiceUnavailableException(DATABASE_DOWN_MESSAGE);
    }
    const known = this.dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);
    if (known.some((name) => !applied.has(name))) throw new ServiceUnavailableException(MIGRATIONS_PENDING_MESSAGE);
    return { status: 'ok', database: 'up', migrations: 'done' };
  }

  async check(): Promise<HealthResponseDto> {
    if (this.lifecycle.draining) throw new ServiceUnavailableException(DRAINING_MESSAGE);
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok', database: 'up' };
    } catch {
      throw new ServiceUnavailableException(DATABASE_DOWN_MESSAGE);
    }
  }
}
