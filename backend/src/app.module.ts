import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from './admin/admin.module';
import { AgencyModule } from './agency/agency.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { AccessGuard } from './common/access.guard';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { DatabaseModule } from './database/transactions';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { OrdersModule } from './orders/orders.module';
import { SitesModule } from './sites/sites.module';

/** The configuration read once at start, for every module. */
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
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot(dataSourceOptions(databaseUrl)),
        DatabaseModule,
        HealthModule,
        AgencyModule,
        MailModule,
        AuthModule,
        OrdersModule,
        SitesModule,
        BillingModule,
        AdminModule,
      ],
      // Deny by default: every route needs a valid access token unless it is marked @Public().
      providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
    };
  }
}
