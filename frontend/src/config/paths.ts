/** Every route of the app, in one place. Builders return the path with parameters filled in. */
export const paths = {
  home: '/',
  features: { pathname: '/', hash: '#features' },
  portfolio: { pathname: '/', hash: '#portfolio' },
  faq: { pathname: '/', hash: '#faq' },
  services: '/services',
  contact: '/contact',
  order: '/order',
  orderAlias: '/commande',
  paymentSuccess: '/payment-success',
  upgradeSuccess: '/upgrade-success',
  cgv: '/cgv',
  legalNotice: '/mentions-legales',

  login: '/login',
  register: '/register',
  firstLogin: '/first-login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',

  dashboard: {
    root: '/dashboard',
    profile: '/dashboard/profile',
    dataExport: '/dashboard/data-export',
    invoices: '/dashboard/invoices',
    sites: '/dashboard/sites',
    support: '/dashboard/support',
    site: (id: string) => `/dashboard/sites/${encodeURIComponent(id)}`,
    siteManage: (id: string) => `/dashboard/sites/${encodeURIComponent(id)}/manage`,
    siteBusinessOptions: (id: string) => `/dashboard/sites/${encodeURIComponent(id)}/business-options`,
  },

  admin: {
    root: '/admin',
    sites: '/admin/sites',
    clients: '/admin/clients',
    revenue: '/admin/revenue',
    quotes: '/admin/quotes',
    site: (id: string) => `/admin/sites/${encodeURIComponent(id)}`,
    client: (id: string) => `/admin/clients/${encodeURIComponent(id)}`,
    emails: '/admin/emails',
    audit: '/admin/audit',
    duplicatePayments: '/admin/duplicate-payments',
    status: '/admin/status',
    invoices: '/admin/invoices',
    settings: '/admin/settings',
    closures: '/admin/closures',
    integrations: '/admin/integrations',
  },
} as const;

/** Browser storage keys (nothing secret lives there: tokens stay in memory). */
export const storageKeys = {
  theme: 'theme',
  adminMode: 'adminMode',
} as const;

/** The dashboard a signed-in user belongs to. */
export function dashboardPathFor(role: string | undefined): string {
  return role === 'admin' ? paths.admin.root : paths.dashboard.root;
}
