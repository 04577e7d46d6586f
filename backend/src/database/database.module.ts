import { Global, Module } from '@nestjs/common';
import { JobLeases } from './jobs/job-leases';
import { JobRunner } from './jobs/job-runner';
import { RowCountRollUps } from './row-counts';
import { Transactions } from './transactions';

/** Database plumbing every module may use, like TypeORM's DataSource itself: transactions, the background jobs' engine. */
@Global()
@Module({ providers: [Transactions, JobLeases, JobRunner, RowCountRollUps], exports: [Transactions, JobRunner, RowCountRollUps] })
export class DatabaseModule {}
