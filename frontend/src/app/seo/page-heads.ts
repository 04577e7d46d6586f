import { matchPath } from 'react-router';
import { paths } from '../../config/paths';

/** What a page says about itself in the document's head: its tab title, its description, and whether search engines may list it. */
export interface PageHead {
  title: string;
  description: string;
  /** Listed by search engines and in sitemap.xml; everything else carries `noindex`. */
  indexed: boolean;
  /** The breadcrumb's label below the home page (JSON-LD BreadcrumbList), for the public pages that have one. */
  crumb?: string;
}

const BRAND = 'Vitrine';
const DEFAULT_DESCRIPTION = 'Votre site vitrine professionnel livré en 24h, hébergement et modifications inclus, à partir de 29 €/mois.';

const withBrand = (title: string) => `${title} — ${BRAND}`;
const privatePage = (title: string): PageHead => ({ title: withBrand(title), description: DEFAULT_DESCRIPTION, indexed: false });

/**
 * The public pages a search engine may list, in the sitemap's order, each with its own head. The server prerenders
 * each of them (and /order's first screen) into real HTML: see entry-server.tsx.
 */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; head: PageHead }> = [
  {
    path: paths.home,
    head: {
      title: `${BRAND} — Sites vitrines professionnels livrés en 24h`,
      description: DEFAULT_DESCRIPTION,
      indexed: true,
    },
  },
  {
    path: paths.services,
    head: {
      title: withBrand('Nos services : création et hébergement de sites vitrines'),
      description:
        'Création de site vitrine, hébergement, nom de domaine, SSL, modifications et support inclus. Formules Pro à 29 €/mois et Business à 59 €/mois, sans engagement.',
      indexed: true,
      crumb: 'Services',
    },
  },
  {
    path: paths.contact,
    head: {
      title: withBrand('Contact et demande de devis'),
      description:
        'Une question, un projet sur mesure ? Appelez-nous, écrivez-nous ou demandez un devis gratuit : réponse sous 24h ouvrées.',
      indexed: true,
      crumb: 'Contact',
    },
  },
  {
    path: paths.order,
    head: {
      title: withBrand('Commander votre site vitrine'),
      description: 'Choisissez votre formule, décrivez votre activité et payez par carte : votre site vitrine est en ligne sous 24h.',
      indexed: true,
      crumb: 'Commander',
    },
  },
  {
    path: paths.cgv,
    head: {
      title: withBrand('Conditions générales de vente'),
      description: "Les conditions générales de vente des abonnements de création et d'hébergement de sites vitrines.",
      indexed: true,
      crumb: 'Conditions générales de vente',
    },
  },
  {
    path: paths.legalNotice,
    head: {
      title: withBrand('Mentions légales'),
      description: "L'éditeur, l'hébergeur et les mentions légales du site.",
      indexed: true,
      crumb: 'Mentions légales',
    },
  },
];

export const NOT_FOUND_HEAD: PageHead = {
  title: withBrand('Page introuvable'),
  description: "La page que vous cherchez n'existe pas ou a été déplacée.",
  indexed: false,
};

/** Every other route's head: a useful tab title, never listed. Patterns as in the router. */
const PRIVATE_PAGES: ReadonlyArray<[pattern: string, head: PageHead]> = [
  [paths.orderAlias, privatePage('Commander votre site vitrine')],
  [paths.paymentSuccess, privatePage('Paiement confirmé')],
  [paths.upgradeSuccess, privatePage('Passage à Business confirmé')],
  [paths.login, privatePage('Connexion')],
  [paths.register, privatePage('Créer un compte')],
  [paths.firstLogin, privatePage('Première connexion')],
  [paths.forgotPassword, privatePage('Mot de passe oublié')],
  [paths.resetPassword, privatePage('Nouveau mot de passe')],
  [paths.dashboard.root, privatePage('Tableau de bord')],
  [paths.dashboard.profile, privatePage('Mon profil')],
  [paths.dashboard.dataExport, privatePage('Mes données')],
  [paths.dashboard.invoices, privatePage('Mes factures')],
  [paths.dashboard.support, privatePage('Support')],
  [paths.dashboard.sites, privatePage('Mes sites')],
  ['/dashboard/sites/:id', privatePage('Mon site')],
  ['/dashboard/sites/:id/manage', privatePage('Gérer mon site')],
  ['/dashboard/sites/:id/business-options', privatePage('Options Business')],
  [paths.admin.root, privatePage('Administration')],
  [paths.admin.revenue, privatePage('Revenus')],
  [paths.admin.quotes, privatePage('Demandes de devis')],
  [paths.admin.sites, privatePage('Tous les sites')],
  ['/admin/sites/:id', privatePage('Site')],
  [paths.admin.clients, privatePage('Clients')],
  ['/admin/clients/:id', privatePage('Client')],
  [paths.admin.emails, privatePage('E-mails envoyés')],
  [paths.admin.audit, privatePage("Journal d'audit")],
  [paths.admin.settings, privatePage("Paramètres de l'agence")],
  [paths.admin.duplicatePayments, privatePage('Paiements en double')],
  [paths.admin.invoices, privatePage('Factures et avoirs')],
  [paths.admin.status, privatePage('État du service')],
  [paths.admin.closures, privatePage('Comptes fermés')],
  [paths.admin.integrations, privatePage('Intégrations')],
];

/** The head of the page at `pathname`; the 404 page's for an address no route knows. */
export function pageHeadFor(pathname: string): PageHead {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = PUBLIC_PAGES.find((page) => page.path === normalized);
  if (known) return known.head;
  for (const [pattern, head] of PRIVATE_PAGES) if (matchPath({ path: pattern, end: true }, normalized)) return head;
  return NOT_FOUND_HEAD;
}

/** True when `pathname` is one of the app's routes (the others get the 404 page, with a 404 status from the server). */
export function isKnownRoute(pathname: string): boolean {
  return pageHeadFor(pathname) !== NOT_FOUND_HEAD;
}
