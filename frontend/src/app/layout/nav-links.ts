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

/** The admin bar's own links: the pages an admin opens every day. */
export const adminLinks: NavItem[] = [
  { label: 'Administration', to: paths.admin.root, end: true },
  { label: 'Sites', to: paths.admin.sites },
  { label: 'Clients', to: paths.admin.clients },
  { label: 'Revenus', to: paths.admin.revenue },
  { label: 'Devis', to: paths.admin.quotes },
];

/**
 * The admin's other pages: under 'Plus' in the bar (all of them on one line wrapped their two-word labels at 1440 px),
 * one after the other in the phone menu.
 */
export const adminMoreLinks: NavItem[] = [
  { label: 'Factures et avoirs', to: paths.admin.invoices },
  { label: 'Paiements en double', to: paths.admin.duplicatePayments },
  { label: 'Journal des e-mails', to: paths.admin.emails },
  { label: "Journal d'audit", to: paths.admin.audit },
  { label: 'Comptes fermés', to: paths.admin.closures },
  { label: 'Intégrations', to: paths.admin.integrations },
  { label: 'État du service', to: paths.admin.status },
  { label: 'Paramètres', to: paths.admin.settings },
];
