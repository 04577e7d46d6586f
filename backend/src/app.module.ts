import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AdminModule } from './admin/admin.module';
import { AgencyModule } from './agency/agency.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AudienceModule } from './audience/audience.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { BillingFactsModule } from './billing-facts/billing-facts';
import { DashboardModule } from './dashboard/dashboard.module';
import { AccessGuard } from './common/access.guard';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { dataSourceOptions } from './data-source';
import { runMigrationsLocked } from './database/migrate';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { InvoicingModule } from './invoicing/invoicing.module';
import { MailModule } from './mail/mail.module';
import { MonitoringModule } from './monitoring/monitoring.module';
import { OrdersModule } from './orders/orders.module';
import { OutboundWebhooksModule } from './outbound-webhooks/outbound-webhooks.module';
import { PrivacyModule } from './privacy/privacy.module';
import { PublicPagesModule } from './public-pages/public-pages.module';
import { SitesModule } from './sites/sites.module';
import { SupportModule } from './support/support.module';
import { UptimeModule } from './uptime/uptime.module';

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
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(databaseUrl),
          // Migrations at start, one instance at a time (several may start at once on one database).
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options as DataSourceOptions).initialize();
            try {
              await runMigrationsLocked(dataSource);
            } catch (error) {
              await dataSource.destroy().catch(() => undefined);
              throw error;
            }
            return dataSource;
          },
        }),
        DatabaseModule,
        BillingFactsModule,
        HealthModule,
        AgencyModule,
        MailModule,
        AuthModule,
        OrdersModule,
        SitesModule,
        InvoicingModule,
        BillingModule,
        SupportModule,
        DashboardModule,
        AdminModule,
        PrivacyModule,
        PublicPagesModule,
        MonitoringModule,
        ApiKeysModule,
        OutboundWebhooksModule,
        AudienceModule,
        UptimeModule,
      ],
      // Deny by default: every route needs a valid access token unless it is marked @Public(); a client view reads only.
      // Under a client view, the client's payment means are masked in every answer.
      providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
    };
  }
}
