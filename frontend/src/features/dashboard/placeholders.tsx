import { ComingSoon } from '../../components/ui/page';

// Client routes whose pages come in a later release.
export function SitesPage() {
  return <ComingSoon title="Mes Sites" />;
}
export function SiteDetailPage() {
  return <ComingSoon title="Mon site" />;
}
export function SiteManagePage() {
  return <ComingSoon title="Gérer l'abonnement" />;
}
export function BusinessOptionsPage() {
  return <ComingSoon title="Options Business" />;
}
export function InvoicesPage() {
  return <ComingSoon title="Factures" />;
}
export function SupportPage() {
  return <ComingSoon title="Support" />;
}
