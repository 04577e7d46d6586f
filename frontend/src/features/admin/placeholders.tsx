import { ComingSoon } from '../../components/ui/page';

// Admin routes whose pages come in a later release.
export function AdminSitesPage() {
  return <ComingSoon title="Sites" />;
}
export function AdminSiteDetailPage() {
  return <ComingSoon title="Détail du site" />;
}
export function AdminClientsPage() {
  return <ComingSoon title="Clients" />;
}
export function AdminClientDetailPage() {
  return <ComingSoon title="Détail du client" />;
}
