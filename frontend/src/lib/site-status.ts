/** How a site's status reads for its client (signed-in areas spec): Actif, En attente, anything else Annulé. */
export type StatusTone = 'success' | 'warning' | 'neutral';

export function clientSiteStatus(status: string): { label: 'Actif' | 'En attente' | 'Annulé'; tone: StatusTone } {
  if (status === 'active') return { label: 'Actif', tone: 'success' };
  if (status === 'pending') return { label: 'En attente', tone: 'warning' };
  return { label: 'Annulé', tone: 'neutral' };
}
