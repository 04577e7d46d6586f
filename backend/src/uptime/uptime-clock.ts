import { Injectable } from '@nestjs/common';

/** The time the uptime watch reads (the tests move it: 15 minutes down, a certificate's last days). */
@Injectable()
export class UptimeClock {
  now(): Date {
    return new Date();
  }
}
