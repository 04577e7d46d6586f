import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { MailModule } from './mail/mail.module';
import { OrdersModule } from './orders/orders.module';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

@Module({})
export class AppModule {
  /** The whole app for one configuration and one database (the URL is resolved before, see main.ts). */
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), TypeOrmModule.forRoot(dataSourceOptions(databaseUrl)), RateLimitModule, MailModule, AuthModule, OrdersModule, BillingModule, AdminModule],
      controllers: [HealthController],
      providers: [HealthService],
    };
  }
}
