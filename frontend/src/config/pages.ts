import { monthlyPriceOf, PAID_PLAN_IDS, type PaidPlanId, planOf, PROMISES } from '@vitrine/domain';
/**
 * The page table: every page of the app, once. An entry is the page's address, its module (loaded on demand), its
 * head (tab title, description, whether search engines list it), its heading in a signed-in area, and its place in
 * the navigation. Everything else is derived from it: the routes (app/router.tsx), the files the server hints in a
 * signed-in page's HTML (entry-server.tsx, from the route's `handle.module`), the heads and the prerendered pages
 * (app/seo/page-heads.ts), the signed-in shells' headings (the route's `handle.heading`), the nav bars and the phone
 * menu (app/layout/nav-links.ts), and the `paths` every link uses (config/paths.ts).
 *
 * Adding a page: its component in features/<area>/, and one entry here (in the area's group for a signed-in page, at
 * its place in the nav's order).
 *
 * It lives in config/ rather than app/ because the features read it (their links' paths, their headings) and a
 * feature never imports the app. Its modules are lazy references (`import.meta.glob` of one file, resolved by the
 * router): nothing here loads a feature's code.
 */

/** What a page says about itself in the document's head: its tab title, its description, and whether search engines may list it. */
export interface PageHead {
  title: string;
  description: string;
  /** Listed by search engines and in sitemap.xml, and prerendered by the server; everything else carries `noindex`. */
  indexed: boolean;
  /** The breadcrumb's label below the home page (JSON-LD BreadcrumbList), for the public pages that have one. */
  crumb?: string;
}

/**
 * The head of a signed-in page that does not depend on who is signed in: its eyebrow, title and description. The
 * server's shell shows it while the session is restored (RequireAuth), then the page itself shows the same words at
 * the same place, so a phone paints the page's largest text from the HTML instead of after the JavaScript and the
 * first queries (what Lighthouse measured as the largest contentful paint of /dashboard, /admin and /admin/sites).
 */
export interface PageHeading {
  eyebrow?: string;
  title: string;
  description?: string;
}

/**
 * Where a page's link sits: `public`, the main bar and the phone menu for everyone (after it, the home page's
 * sections); `visitors`, the same place for visitors who are not signed in only; `client` and `admin`, the bar of
 * the signed-in area; `admin-more`, under 'Plus' in the admin bar (one after the other in the phone menu). In each
 * place the links follow the table's order.
 */
export type NavPlace = 'public' | 'visitors' | 'client' | 'admin' | 'admin-more';

export interface PageEntry {
  /** The address, as the router matches it (`:name` for a parameter). */
  path: string;
  /**
   * `import.meta.glob` of the page's one module: Vite gives its source path (the key, from which the route names the
   * module as Vite's manifest does) and its lazy loader (the value). Absent for the home page only, which is in the
   * entry bundle (app/router.tsx imports it).
   */
  module?: Record<string, () => Promise<unknown>>;
  /** The module's export that is the page, when it is not named as the module's file. */
  component?: string;
  /** Other addresses of the same page; never listed (their head: the page's title, the site's description, `noindex`). */
  aliases?: readonly string[];
  head: PageHead;
  /** The page's known heading in a signed-in area, shown by the server's shell and by the page (see PageHeading). */
  heading?: PageHeading;
  nav?: { place: NavPlace; label: string };
  /**
   * A prerendered public page that runs the whole app once hydrated (the order wizard: its draft, the session's
   * pages, the query cache), not the public pages' lighter entry (app/public).
   */
  appEntry?: boolean;
}

/** The signed-in areas: their pages are the group of the same name in `pages`. */
export type SignedInArea = 'dashboard' | 'admin';

/** A signed-in area's pages, its index (`root`) first. */
type AreaPages = { root: PageEntry } & Record<string, PageEntry>;
type PageTable = Record<string, PageEntry | AreaPages> & Record<SignedInArea, AreaPages>;

const BRAND = 'Vitrine';
/** '29 €/mois': a plan's monthly price as the heads say it, from the catalogue. */
const perMonth = (id: PaidPlanId) => `${monthlyPriceOf(id) / 100} €/mois`;
const cheapestPlan = [...PAID_PLAN_IDS].sort((a, b) => monthlyPriceOf(a) - monthlyPriceOf(b))[0];
/** 'Pro à 29 €/mois et Business à 59 €/mois': every paid plan at its price. */
const planPrices = PAID_PLAN_IDS.map((id) => `${planOf(id).name} à ${perMonth(id)}`)
  .join(', ')
  .replace(/, ([^,]*)$/, ' et $1');
export const DEFAULT_DESCRIPTION = `Votre site vitrine professionnel livré en ${PROMISES.delivery.short}, hébergement et modifications inclus, à partir de ${perMonth(cheapestPlan)}.`;

const withBrand = (title: string) => `${title} — ${BRAND}`;
/** A page that search engines do not list: a useful tab title, the site's description. */
const privateHead = (title: string): PageHead => ({ title: withBrand(title), description: DEFAULT_DESCRIPTION, indexed: false });
const publicHead = (head: { title: string; description: string; crumb: string }): PageHead => ({
  ...head,
  title: withBrand(head.title),
  indexed: true,
});

export const NOT_FOUND_HEAD: PageHead = {
  title: withBrand('Page introuvable'),
  description: "La page que vous cherchez n'existe pas ou a été déplacée.",
  indexed: false,
};

/**
 * Public pages first (the indexed ones in the sitemap's order), then one group per signed-in area: `dashboard` for
 * the clients, `admin` for the admins, each with its `root` (the area's index) first.
 */
export const pages = {
  home: {
    path: '/',
    head: {
      title: `${BRAND} — Sites vitrines professionnels livrés en ${PROMISES.delivery.short}`,
      description: DEFAULT_DESCRIPTION,
      indexed: true,
    },
    nav: { place: 'public', label: 'Accueil' },
  },
  services: {
    path: '/services',
    module: import.meta.glob('../features/public/ServicesPage.tsx'),
    head: publicHead({
      title: 'Nos services : création et hébergement de sites vitrines',
      description: `Création de site vitrine, hébergement, nom de domaine, SSL, modifications et support inclus. Formules ${planPrices}, sans engagement.`,
      crumb: 'Services',
    }),
    nav: { place: 'public', label: 'Services' },
  },
  contact: {
    path: '/contact',
    module: import.meta.glob('../features/public/ContactPage.tsx'),
    head: publicHead({
      title: 'Contact et demande de devis',
      description: `Une question, un projet sur mesure ? Appelez-nous, écrivez-nous ou demandez un devis gratuit : réponse en ${PROMISES.supportReply.long}.`,
      crumb: 'Contact',
    }),
    nav: { place: 'visitors', label: 'Contact' },
  },
  order: {
    path: '/order',
    module: import.meta.glob('../features/order/OrderPage.tsx'),
    aliases: ['/commande'],
    appEntry: true,
    head: publicHead({
      title: 'Commander votre site vitrine',
      description: `Choisissez votre formule, décrivez votre activité et payez par carte : votre site vitrine est en ligne sous ${PROMISES.delivery.short}.`,
      crumb: 'Commander',
    }),
  },
  paymentSuccess: {
    path: '/payment-success',
    module: import.meta.glob('../features/order/PaymentSuccessPage.tsx'),
    head: privateHead('Paiement confirmé'),
  },
  upgradeSuccess: {
    path: '/upgrade-success',
    module: import.meta.glob('../features/order/UpgradeSuccessPage.tsx'),
    head: privateHead('Passage à Business confirmé'),
  },
  cgv: {
    path: '/cgv',
    module: import.meta.glob('../features/public/legal/CgvPage.tsx'),
    head: publicHead({
      title: 'Conditions générales de vente',
      description: "Les conditions générales de vente des abonnements de création et d'hébergement de sites vitrines.",
      crumb: 'Conditions générales de vente',
    }),
  },
  legalNotice: {
    path: '/mentions-legales',
    module: import.meta.glob('../features/public/legal/LegalNoticePage.tsx'),
    head: publicHead({
      title: 'Mentions légales',
      description: "L'éditeur, l'hébergeur et les mentions légales du site.",
      crumb: 'Mentions légales',
    }),
  },

  login: { path: '/login', module: import.meta.glob('../features/auth/LoginPage.tsx'), head: privateHead('Connexion') },
  register: { path: '/register', module: import.meta.glob('../features/auth/RegisterPage.tsx'), head: privateHead('Créer un compte') },
  firstLogin: {
    path: '/first-login',
    module: import.meta.glob('../features/auth/FirstLoginPage.tsx'),
    head: privateHead('Première connexion'),
  },
  forgotPassword: {
    path: '/forgot-password',
    module: import.meta.glob('../features/auth/ForgotPasswordPage.tsx'),
    head: privateHead('Mot de passe oublié'),
  },
  resetPassword: {
    path: '/reset-password',
    module: import.meta.glob('../features/auth/ResetPasswordPage.tsx'),
    head: privateHead('Nouveau mot de passe'),
  },

  dashboard: {
    root: {
      path: '/dashboard',
      module: import.meta.glob('../features/dashboard/DashboardPage.tsx'),
      head: privateHead('Tableau de bord'),
      /** The page adds the user's name to the title: 'Bonjour, Claire'. */
      heading: {
        eyebrow: 'Espace client',
        title: 'Bonjour',
        description: 'Suivez vos sites, vos factures et vos demandes depuis votre tableau de bord.',
      },
      nav: { place: 'client', label: 'Tableau de bord' },
    },
    sites: {
      path: '/dashboard/sites',
      module: import.meta.glob('../features/dashboard/SitesPage.tsx'),
      head: privateHead('Mes sites'),
      heading: { eyebrow: 'Espace client', title: 'Mes sites' },
      nav: { place: 'client', label: 'Mes sites' },
    },
    invoices: {
      path: '/dashboard/invoices',
      module: import.meta.glob('../features/dashboard/InvoicesPage.tsx'),
      head: privateHead('Mes factures'),
      heading: { eyebrow: 'Espace client', title: 'Factures' },
      nav: { place: 'client', label: 'Factures' },
    },
    profile: {
      path: '/dashboard/profile',
      module: import.meta.glob('../features/dashboard/ProfilePage.tsx'),
      head: privateHead('Mon profil'),
      nav: { place: 'client', label: 'Profil' },
    },
    dataExport: {
      path: '/dashboard/data-export',
      module: import.meta.glob('../features/dashboard/DataExportPage.tsx'),
      head: privateHead('Mes données'),
    },
    support: {
      path: '/dashboard/support',
      module: import.meta.glob('../features/dashboard/SupportPage.tsx'),
      head: privateHead('Support'),
    },
    site: {
      path: '/dashboard/sites/:id',
      module: import.meta.glob('../features/dashboard/SiteDetailPage.tsx'),
      head: privateHead('Mon site'),
    },
    siteManage: {
      path: '/dashboard/sites/:siteId/manage',
      module: import.meta.glob('../features/dashboard/SiteManagePage.tsx'),
      head: privateHead('Gérer mon site'),
    },
    siteBusinessOptions: {
      path: '/dashboard/sites/:id/business-options',
      module: import.meta.glob('../features/dashboard/BusinessOptionsPage.tsx'),
      head: privateHead('Options Business'),
    },
  },

  admin: {
    root: {
      path: '/admin',
      module: import.meta.glob('../features/admin/AdminPage.tsx'),
      head: privateHead('Administration'),
      heading: {
        eyebrow: 'Administration',
        title: 'Tableau de bord administrateur',
        description: "Clients, sites et revenus de l'agence.",
      },
      nav: { place: 'admin', label: 'Administration' },
    },
    sites: {
      path: '/admin/sites',
      module: import.meta.glob('../features/admin/AdminSitesPage.tsx'),
      head: privateHead('Tous les sites'),
      heading: {
        eyebrow: 'Administration',
        title: 'Sites',
        description: 'Tous les sites des clients : recherche, filtres et suivi de la création.',
      },
      nav: { place: 'admin', label: 'Sites' },
    },
    clients: {
      path: '/admin/clients',
      module: import.meta.glob('../features/admin/AdminClientsPage.tsx'),
      head: privateHead('Clients'),
      heading: {
        eyebrow: 'Administration',
        title: 'Clients',
        description: 'Les comptes clients et administrateurs ; ouvrez une fiche pour voir ses sites ou lui écrire.',
      },
      nav: { place: 'admin', label: 'Clients' },
    },
    revenue: {
      path: '/admin/revenue',
      module: import.meta.glob('../features/admin/AdminRevenuePage.tsx'),
      head: privateHead('Revenus'),
      nav: { place: 'admin', label: 'Revenus' },
    },
    quotes: {
      path: '/admin/quotes',
      module: import.meta.glob('../features/admin/AdminQuotesPage.tsx'),
      head: privateHead('Demandes de devis'),
      nav: { place: 'admin', label: 'Devis' },
    },
    // Under 'Plus' in the bar (all of them on one line wrapped their two-word labels at 1440 px).
    invoices: {
      path: '/admin/invoices',
      module: import.meta.glob('../features/admin/legal-invoices.tsx'),
      component: 'AdminLegalInvoicesPage',
      head: privateHead('Factures et avoirs'),
      nav: { place: 'admin-more', label: 'Factures et avoirs' },
    },
    duplicatePayments: {
      path: '/admin/duplicate-payments',
      module: import.meta.glob('../features/admin/AdminDuplicatePaymentsPage.tsx'),
      head: privateHead('Paiements en double'),
      nav: { place: 'admin-more', label: 'Paiements en double' },
    },
    emails: {
      path: '/admin/emails',
      module: import.meta.glob('../features/admin/AdminEmailsPage.tsx'),
      head: privateHead('E-mails envoyés'),
      nav: { place: 'admin-more', label: 'Journal des e-mails' },
    },
    audit: {
      path: '/admin/audit',
      module: import.meta.glob('../features/admin/AdminAuditPage.tsx'),
      head: privateHead("Journal d'audit"),
      nav: { place: 'admin-more', label: "Journal d'audit" },
    },
    closures: {
      path: '/admin/closures',
      module: import.meta.glob('../features/admin/AdminClosuresPage.tsx'),
      head: privateHead('Comptes fermés'),
      nav: { place: 'admin-more', label: 'Comptes fermés' },
    },
    integrations: {
      path: '/admin/integrations',
      module: import.meta.glob('../features/admin/AdminIntegrationsPage.tsx'),
      head: privateHead('Intégrations'),
      nav: { place: 'admin-more', label: 'Intégrations' },
    },
    status: {
      path: '/admin/status',
      module: import.meta.glob('../features/admin/AdminStatusPage.tsx'),
      head: privateHead('État du service'),
      nav: { place: 'admin-more', label: 'État du service' },
    },
    settings: {
      path: '/admin/settings',
      module: import.meta.glob('../features/admin/AdminAgencySettingsPage.tsx'),
      head: privateHead("Paramètres de l'agence"),
      nav: { place: 'admin-more', label: 'Paramètres' },
    },
    site: {
      path: '/admin/sites/:id',
      module: import.meta.glob('../features/admin/AdminSiteDetailPage.tsx'),
      head: privateHead('Site'),
    },
    client: {
      path: '/admin/clients/:id',
      module: import.meta.glob('../features/admin/AdminClientDetailPage.tsx'),
      head: privateHead('Client'),
    },
    invoice: {
      path: '/admin/invoices/:id',
      module: import.meta.glob('../features/admin/AdminLegalInvoicePage.tsx'),
      head: privateHead('Facture'),
    },
  },
} as const satisfies PageTable;

export const SIGNED_IN_AREAS: readonly SignedInArea[] = ['dashboard', 'admin'];

/** A page of the table, with the signed-in area it belongs to (none for a public page). */
export interface ListedPage {
  entry: PageEntry;
  area?: SignedInArea;
  /** The area's index (or the home page): its link is active on that address only. */
  index: boolean;
}

/** Every page of the table, in its order. */
export const PAGES: readonly ListedPage[] = Object.entries(pages as Record<string, PageEntry | Record<string, PageEntry>>).flatMap(
  ([key, value]): ListedPage[] =>
    isEntry(value)
      ? [{ entry: value, index: value.path === '/' }]
      : Object.entries(value).map(([name, entry]) => ({ entry, area: key as SignedInArea, index: name === 'root' })),
);

function isEntry(value: PageEntry | Record<string, PageEntry>): value is PageEntry {
  return typeof value.path === 'string';
}

/**
 * A page's module as Vite's manifest names it (src/…), its loader and the export that is the page; null for the home
 * page (in the entry bundle). `module` is the path that the page's loader imports, from src/ (a test checks they agree).
 */
export function pageModule(entry: PageEntry): { module: string; load: () => Promise<unknown>; component: string } | null {
  if (!entry.module) return null;
  const found = Object.entries(entry.module);
  if (found.length !== 1) throw new Error(`${entry.path} : le module de la page est introuvable`);
  const [[file, load]] = found;
  // The glob's key is relative to config/: '../features/x/Page.tsx' is src/features/x/Page.tsx.
  const module = `src/${file.replace(/^\.\.\//, '')}`;
  return { module, load, component: entry.component ?? module.slice(module.lastIndexOf('/') + 1, -'.tsx'.length) };
}

/** True when `pathname` is in a signed-in area (/dashboard, /admin and below). */
export function inSignedInArea(pathname: string): boolean {
  return SIGNED_IN_AREAS.some((area) => {
    const root = pages[area].root.path;
    return pathname === root || pathname.startsWith(`${root}/`);
  });
}
