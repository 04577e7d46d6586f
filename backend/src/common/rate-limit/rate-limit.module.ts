import { Module } from '@nestjs/common';
import { RateLimitRepository } from './rate-limit.repository';
import { RateLimitService } from './rate-limit.service';

/** Imported by each module that limits a route (not global: a module says what it uses). */
@Module({ providers: [RateLimitRepository, RateLimitService], exports: [RateLimitService] })
export class RateLimitModule {}
