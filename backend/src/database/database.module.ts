import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobLeases } from './jobs/job-leases';
import { JobRunner } from './jobs/job-runner';
import { RowCountRollUps } from './row-counts';
import { Transactions } from './transactions';

/**
 * Database plumbing every module may use, like TypeORM's DataSource itself: transactions, the background jobs' engine
 * (which finds the jobs the providers declare with `@BackgroundJob`, through Nest's discovery).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [Transactions, JobLeases, JobRunner, RowCountRollUps],
  exports: [Transactions, JobRunner, RowCountRollUps],
})
export class DatabaseModule {}
