import { Module } from '@nestjs/common';
import { AudienceClock } from './audience-clock';
import { AudienceAdminController } from './audience-admin.controller';
import { AudienceController } from './audience.controller';
import { AudienceIngestController } from './audience-ingest.controller';
import { AudienceIngest } from './audience-ingest.service';
import { AudienceJobs } from './audience-jobs';
import { AudienceRepository } from './audience.repository';
import { AudienceService } from './audience.service';
import { EventBuffer } from './event-buffer';

/**
 * Audience measurement of the clients' sites (issue 37, docs/audience.md): the script and its ingest, the batches,
 * the day salts, the roll-ups and their retention, and the figures a site's owner reads.
 */
@Module({
  controllers: [AudienceIngestController, AudienceController, AudienceAdminController],
  providers: [AudienceClock, AudienceRepository, EventBuffer, AudienceIngest, AudienceJobs, AudienceService],
  exports: [AudienceService],
})
export class AudienceModule {}
