import { Injectable } from '@nestjs/common';

/** The time the audience module reads (the tests move it to another day). */
@Injectable()
export class AudienceClock {
  now(): Date {
    return new Date();
  }
}
