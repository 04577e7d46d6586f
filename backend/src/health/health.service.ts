import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthResponseDto } from './health.dto';
import { Lifecycle } from './lifecycle';

export const DRAINING_MESSAGE = 'Arrêt en cours : ce serveur termine les requêtes en cours et n’en accepte plus de nouvelles';
export const DATABASE_DOWN_MESSAGE = 'Base de données injoignable';

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: Lifecycle,
  ) {}

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
