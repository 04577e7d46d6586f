import { Injectable, NotFoundException } from '@nestjs/common';
import type { SessionUser } from '../common/current-user';
import type { UptimeIncidentDto, UptimeResponseDto } from './dto/uptime.dto';
import { UptimeClock } from './uptime-clock';
import { parisDay } from './uptime-watch';
import { type IncidentRow, UptimeRepository } from './uptime.repository';

const DAY_MS = 86_400_000;
/** Incidents shown. */
export const INCIDENTS_SHOWN = 10;

const incidentDto = (row: IncidentRow): UptimeIncidentDto => ({
  id: row.id,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  cause: row.cause,
  statusCode: row.statusCode,
});

/** What a site's owner (or the team, or an integrator's `stats:read` key) reads of its uptime. */
@Injectable()
export class UptimeService {
  constructor(
    private readonly repository: UptimeRepository,
    private readonly clock: UptimeClock,
  ) {}

  async uptime(user: SessionUser, siteId: string): Promise<UptimeResponseDto> {
    const owner = await this.repository.ownerOf(siteId);
    if (!owner || (user.role !== 'admin' && owner !== user.id)) throw new NotFoundException('Site introuvable');
    const now = this.clock.now().getTime();
    // Today counts as one of the days: the last 30 days are today and the 29 before it.
    const [state, incidents, availability30d, availability90d] = await Promise.all([
      this.repository.state(siteId),
      this.repository.incidents(siteId, INCIDENTS_SHOWN),
      this.repository.availability(siteId, parisDay(new Date(now - 29 * DAY_MS))),
      this.repository.availability(siteId, parisDay(new Date(now - 89 * DAY_MS))),
    ]);
    const open = incidents.find((incident) => !incident.endedAt);
    return {
      state: open ? 'down' : state?.up ? 'up' : 'unknown',
      downSince: open?.startedAt.toISOString() ?? null,
      lastCheckedAt: state?.lastCheckedAt?.toISOString() ?? null,
      latencyMs: state?.lastLatencyMs ?? null,
      statusCode: state?.lastStatusCode ?? null,
      redirectTo: state?.redirectTo ?? null,
      availability30d,
      availability90d,
      certificateExpiresAt: state?.certificateExpiresAt?.toISOString() ?? null,
      incidents: incidents.map(incidentDto),
    };
  }
}
