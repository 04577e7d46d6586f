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

export const pageHeadings = {
  /** The page adds the user's name to the title: 'Bonjour, Claire'. */
  dashboard: {
    eyebrow: 'Espace client',
    title: 'Bonjour',
    description: 'Suivez vos sites, vos factures et vos demandes depuis votre tableau de bord.',
  },
  dashboardSites: { eyebrow: 'Espace client', title: 'Mes Sites' },
  dashboardInvoices: { eyebrow: 'Espace client', title: 'Factures' },
  admin: { eyebrow: 'Administration', title: 'Tableau de bord administrateur', description: "Clients, sites et revenus de l'agence." },
  adminSites: {
    eyebrow: 'Administration',
    title: 'Sites',
    description: 'Tous les sites des clients : recherche, filtres et suivi de la création.',
  },
  adminClients: {
    eyebrow: 'Administration',
    title: 'Clients',
    description: 'Les comptes clients et administrateurs ; ouvrez une fiche pour voir ses sites ou lui écrire.',
  },
} as const satisfies Record<string, PageHeading>;
