import { PROGRESSION_STEP_LABELS } from '@vitrine/domain';
import type { SiteProgressionDto, SiteStatusCause } from '../api/generated/model';

/** How a site's status reads for its client (signed-in areas spec): Actif, En attente, anything else Annulé. */
export type StatusTone = 'success' | 'warning' | 'neutral';

export function clientSiteStatus(status: string): { label: 'Actif' | 'En attente' | 'Annulé'; tone: StatusTone } {
  if (status === 'active') return { label: 'Actif', tone: 'success' };
  if (status === 'pending') return { label: 'En attente', tone: 'warning' };
  return { label: 'Annulé', tone: 'neutral' };
}

/** A site's status in the team's words (signed-in areas spec §2): Actif / Suspendu / En attente. */
export { SITE_STATUS_LABELS } from '@vitrine/domain';

/** Why a status changed, as its history shows it to the client. */
export const STATUS_CAUSE_LABELS: Record<SiteStatusCause, string> = { payment: 'Paiement', admin: 'Équipe', client: 'Votre action' };

/** The five build steps in order (spec §4), with their French names. */
export const PROGRESSION_STEPS: ReadonlyArray<{ key: keyof SiteProgressionDto; label: string }> = (
  Object.keys(PROGRESSION_STEP_LABELS) as (keyof typeof PROGRESSION_STEP_LABELS)[]
).map((key) => ({ key, label: PROGRESSION_STEP_LABELS[key] }));

/** Percentage of steps done: true steps / 5 × 100. */
export function progressionPercent(progression: SiteProgressionDto): number {
  return (PROGRESSION_STEPS.filter((step) => progression[step.key]).length / PROGRESSION_STEPS.length) * 100;
}
