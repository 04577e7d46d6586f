import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { FILE_STORAGE } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

/**
 * The app's one file storage (FILE_STORAGE): local disk under `DATA_DIR/uploads` by default, an S3 bucket when S3_*
 * is configured (signed photo links then redirect to presigned S3 links). Orders, invoicing and privacy keep their
 * files there, each under its own prefix.
 */
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.storage.s3 ? new S3FileStorage(config.storage.s3) : new LocalFileStorage(config.storage.uploadsDir),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
