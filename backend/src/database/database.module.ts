import { Global, Module } from '@nestjs/common';
import { RowCountRollUps } from './row-counts';
import { Transactions } from './transactions';

/** Database plumbing every module may use, like TypeORM's DataSource itself. */
@Global()
@Module({ providers: [Transactions, RowCountRollUps], exports: [Transactions, RowCountRollUps] })
export class DatabaseModule {}
