import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/card';
import { HomePage } from '../features/public/HomePage';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { AdminRoute, ClientRoute, RequireAuth } from './guards';
import { type PageHeading, pageHeadings } from '../config/page-headings';
import { RootLayout } from './layout/RootLayout';

/*
 * Only the layout, the guards and the home page are in the entry bundle; every other area is loaded on demand,
 * so the dashboard and admin code never loads on the home page.
 */
const orderPage = () => page('features/order/OrderPage', async () => (await import('../features/order/OrderPage')).OrderPage);

/** What the server reads of a page's route (`handle`): its module, as Vite's manifest names it. */
export interface PageHandle {
  module: string;
  /** The page's head when it does not depend on who is signed in, shown while the session loads (RequireAuth) */
  heading?: PageHeading;
}

/**
 * A page loaded on demand, and its source module in `handle`, so that the server can hint the page's built files in
 * the HTML of a signed-in area (entry-server.tsx, routeChunks): they then download beside the app's entry instead of
 * after it has run. `module` is the path that `load` imports, from src/ (a test checks they agree).
 */
function page(module: string, load: () => Promise<ComponentType>, heading?: PageHeading): Pick<RouteObject, 'lazy' | 'handle'> {
  const handle: PageHandle = { module: `src/${module}.tsx`, ...(heading ? { heading } : {}) };
  return { lazy: async () => ({ Component: await load() }), handle };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => <LoadingScreen />,
    children: [
      { index: true, Component: HomePage },
      {
        path: 'services',
        ...page('features/public/ServicesPage', async () => (await import('../features/public/ServicesPage')).ServicesPage),
      },
      { path: 'contact', ...page('features/public/ContactPage', async () => (await import('../features/public/ContactPage')).ContactPage) },
      { path: 'order', ...orderPage() },
      { path: 'commande', ...orderPage() },
      {
        path: 'payment-success',
        ...page('features/order/PaymentSuccessPage', async () => (await import('../features/order/PaymentSuccessPage')).PaymentSuccessPage),
      },
      {
        path: 'upgrade-success',
        ...page('features/order/UpgradeSuccessPage', async () => (await import('../features/order/UpgradeSuccessPage')).UpgradeSuccessPage),
      },
      { path: 'cgv', ...page('features/public/legal/CgvPage', async () => (await import('../features/public/legal/CgvPage')).CgvPage) },
      {
        path: 'mentions-legales',
        ...page(
          'features/public/legal/LegalNoticePage',
          async () => (await import('../features/public/legal/LegalNoticePage')).LegalNoticePage,
        ),
      },

      { path: 'login', ...page('features/auth/LoginPage', async () => (await import('../features/auth/LoginPage')).LoginPage) },
      { path: 'register', ...page('features/auth/RegisterPage', async () => (await import('../features/auth/RegisterPage')).RegisterPage) },
      {
        path: 'first-login',
        ...page('features/auth/FirstLoginPage', async () => (await import('../features/auth/FirstLoginPage')).FirstLoginPage),
      },
      {
        path: 'forgot-password',
        ...page('features/auth/ForgotPasswordPage', async () => (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage),
      },
      {
        path: 'reset-password',
        ...page('features/auth/ResetPasswordPage', async () => (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage),
      },

      {
        Component: RequireAuth,
        children: [
          {
            path: 'dashboard',
            Component: ClientRoute,
            children: [
              {
                index: true,
                ...page(
                  'features/dashboard/DashboardPage',
                  async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
                  pageHeadings.dashboard,
                ),
              },
              {
                path: 'profile',
                ...page('features/dashboard/ProfilePage', async () => (await import('../features/dashboard/ProfilePage')).ProfilePage),
              },
              {
                path: 'data-export',
                ...page(
                  'features/dashboard/DataExportPage',
                  async () => (await import('../features/dashboard/DataExportPage')).DataExportPage,
                ),
              },
              {
                path: 'invoices',
                ...page(
                  'features/dashboard/InvoicesPage',
                  async () => (await import('../features/dashboard/InvoicesPage')).InvoicesPage,
                  pageHeadings.dashboardInvoices,
                ),
              },
              {
                path: 'support',
                ...page('features/dashboard/SupportPage', async () => (await import('../features/dashboard/SupportPage')).SupportPage),
              },
              {
                path: 'sites',
                ...page(
                  'features/dashboard/SitesPage',
                  async () => (await import('../features/dashboard/SitesPage')).SitesPage,
                  pageHeadings.dashboardSites,
                ),
              },
              {
                path: 'sites/:id',
                ...page(
                  'features/dashboard/SiteDetailPage',
                  async () => (await import('../features/dashboard/SiteDetailPage')).SiteDetailPage,
                ),
              },
              {
                path: 'sites/:siteId/manage',
                ...page(
                  'features/dashboard/SiteManagePage',
                  async () => (await import('../features/dashboard/SiteManagePage')).SiteManagePage,
                ),
              },
              {
                path: 'sites/:id/business-options',
                ...page(
                  'features/dashboard/BusinessOptionsPage',
                  async () => (await import('../features/dashboard/BusinessOptionsPage')).BusinessOptionsPage,
                ),
              },
            ],
          },
          {
            path: 'admin',
            Component: AdminRoute,
            children: [
              {
                index: true,
                ...page(
                  'features/admin/AdminPage',
                  async () => (await import('../features/admin/AdminPage')).AdminPage,
                  pageHeadings.admin,
                ),
              },
              {
                path: 'revenue',
                ...page(
                  'features/admin/AdminRevenuePage',
                  async () => (await import('../features/admin/AdminRevenuePage')).AdminRevenuePage,
                ),
              },
              {
                path: 'quotes',
                ...page('features/admin/AdminQuotesPage', async () => (await import('../features/admin/AdminQuotesPage')).AdminQuotesPage),
              },
              {
                path: 'sites',
                ...page(
                  'features/admin/AdminSitesPage',
                  async () => (await import('../features/admin/AdminSitesPage')).AdminSitesPage,
                  pageHeadings.adminSites,
                ),
              },
              {
                path: 'sites/:id',
                ...page(
                  'features/admin/AdminSiteDetailPage',
                  async () => (await import('../features/admin/AdminSiteDetailPage')).AdminSiteDetailPage,
                ),
              },
              {
                path: 'clients',
                ...page(
                  'features/admin/AdminClientsPage',
                  async () => (await import('../features/admin/AdminClientsPage')).AdminClientsPage,
                  pageHeadings.adminClients,
                ),
              },
              {
                path: 'clients/:id',
                ...page(
                  'features/admin/AdminClientDetailPage',
                  async () => (await import('../features/admin/AdminClientDetailPage')).AdminClientDetailPage,
                ),
              },
              {
                path: 'emails',
                ...page('features/admin/AdminEmailsPage', async () => (await import('../features/admin/AdminEmailsPage')).AdminEmailsPage),
              },
              {
                path: 'audit',
                ...page('features/admin/AdminAuditPage', async () => (await import('../features/admin/AdminAuditPage')).AdminAuditPage),
              },
              {
                path: 'settings',
                ...page(
                  'features/admin/AdminAgencySettingsPage',
                  async () => (await import('../features/admin/AdminAgencySettingsPage')).AdminAgencySettingsPage,
                ),
              },
              {
                path: 'invoices',
                ...page(
                  'features/admin/legal-invoices',
                  async () => (await import('../features/admin/legal-invoices')).AdminLegalInvoicesPage,
                ),
              },
              {
                path: 'duplicate-payments',
                ...page(
                  'features/admin/AdminDuplicatePaymentsPage',
                  async () => (await import('../features/admin/AdminDuplicatePaymentsPage')).AdminDuplicatePaymentsPage,
                ),
              },
              {
                path: 'status',
                ...page('features/admin/AdminStatusPage', async () => (await import('../features/admin/AdminStatusPage')).AdminStatusPage),
              },
              {
                path: 'integrations',
                ...page(
                  'features/admin/AdminIntegrationsPage',
                  async () => (await import('../features/admin/AdminIntegrationsPage')).AdminIntegrationsPage,
                ),
              },
              {
                path: 'closures',
                ...page(
                  'features/admin/AdminClosuresPage',
                  async () => (await import('../features/admin/AdminClosuresPage')).AdminClosuresPage,
                ),
              },
            ],
          },
        ],
      },

      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
