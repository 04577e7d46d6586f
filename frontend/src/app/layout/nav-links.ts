import type { To } from 'react-router';
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  to: To;
  /** Match the path exactly for the active state (index links). */
  end?: boolean;
  /** Never shown as active (several links share a path). */
  noActive?: boolean;
}

export const publicLinks: NavItem[] = [
  { label: 'Accueil', to: paths.home, end: true },
  { label: 'Services', to: paths.services },
  { label: 'Prix', to: paths.features, noActive: true },
  { label: 'Portfolio', to: paths.portfolio, noActive: true },
];

export const contactLink: NavItem = { label: 'Contact', to: paths.contact };

export const clientLinks: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard.root, end: true },
  { label: 'Mes Sites', to: paths.dashboard.sites },
  { label: 'Factures', to: paths.dashboard.invoices },
  { label: 'Profil', to: paths.dashboard.profile },
];

export const adminLinks: NavItem[] = [
  { label: 'Administration', to: paths.admin.root, end: true },
  { label: 'Sites', to: paths.admin.sites },
  { label: 'Clients', to: paths.admin.clients },
  { label: 'Revenus', to: paths.admin.revenue },
  { label: 'Devis', to: paths.admin.quotes },
  { label: 'Journal des e-mails', to: paths.admin.emails },
  { label: 'Comptes fermés', to: paths.admin.closures },
  { label: 'État du service', to: paths.admin.status },
  { label: 'Intégrations', to: paths.admin.integrations },
  { label: 'Paramètres', to: paths.admin.settings },
];
