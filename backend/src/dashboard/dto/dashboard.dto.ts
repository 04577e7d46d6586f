/** Les quatre tuiles du tableau de bord client */
export class DashboardSummaryDto {
  /** Jours depuis la création du compte, arrondis au supérieur */
  memberDays: number;
  activeSites: number;
  pendingSites: number;
  /** Sites suspendus (affichés « Annulé ») */
  suspendedSites: number;
  invoiceCount: number;
}
