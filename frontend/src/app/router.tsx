import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/card';
import { HomePage } from '../features/public/HomePage';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { AdminRoute, ClientRoute, RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';

/*
 * Only the layout, the guards and the home page are in the entry bundle; every other area is loaded on demand,
 * so the dashboard and admin code never loads on the home page.
 */
const orderPage = async () => ({ Component: (await import('../features/order/OrderPage')).OrderPage });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => <LoadingScreen />,
    children: [
      { index: true, Component: HomePage },
      { path: 'services', lazy: async () => ({ Component: (await import('../features/public/ServicesPage')).ServicesPage }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('../features/public/ContactPage')).ContactPage }) },
      { path: 'order', lazy: orderPage },
      { path: 'commande', lazy: orderPage },
      {
        path: 'payment-success',
        lazy: async () => ({ Component: (await import('../features/order/PaymentSuccessPage')).PaymentSuccessPage }),
      },
      {
        path: 'upgrade-success',
        lazy: async () => ({ Component: (await import('../features/order/UpgradeSuccessPage')).UpgradeSuccessPage }),
      },
      { path: 'cgv', lazy: async () => ({ Component: (await import('../features/public/legal/CgvPage')).CgvPage }) },
      {
        path: 'mentions-legales',
        lazy: async () => ({ Component: (await import('../features/public/legal/LegalNoticePage')).LegalNoticePage }),
      },

      { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }) },
      { path: 'register', lazy: async () => ({ Component: (await import('../features/auth/RegisterPage')).RegisterPage }) },
      { path: 'first-login', lazy: async () => ({ Component: (await import('../features/auth/FirstLoginPage')).FirstLoginPage }) },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage }),
      },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }) },

      {
        Component: RequireAuth,
        children: [
          {
            path: 'dashboard',
            Component: ClientRoute,
            children: [
              { index: true, lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }) },
              { path: 'profile', lazy: async () => ({ Component: (await import('../features/dashboard/ProfilePage')).ProfilePage }) },
              { path: 'invoices', lazy: async () => ({ Component: (await import('../features/dashboard/InvoicesPage')).InvoicesPage }) },
              { path: 'support', lazy: async () => ({ Component: (await import('../features/dashboard/SupportPage')).SupportPage }) },
              { path: 'sites', lazy: async () => ({ Component: (await import('../features/dashboard/SitesPage')).SitesPage }) },
              {
                path: 'sites/:id',
                lazy: async () => ({ Component: (await import('../features/dashboard/SiteDetailPage')).SiteDetailPage }),
              },
              {
                path: 'sites/:siteId/manage',
                lazy: async () => ({ Component: (await import('../features/dashboard/SiteManagePage')).SiteManagePage }),
              },
              {
                path: 'sites/:id/business-options',
                lazy: async () => ({ Component: (await import('../features/dashboard/BusinessOptionsPage')).BusinessOptionsPage }),
              },
            ],
          },
          {
            path: 'admin',
            Component: AdminRoute,
            children: [
              { index: true, lazy: async () => ({ Component: (await import('../features/admin/AdminPage')).AdminPage }) },
              { path: 'revenue', lazy: async () => ({ Component: (await import('../features/admin/AdminRevenuePage')).AdminRevenuePage }) },
              { path: 'quotes', lazy: async () => ({ Component: (await import('../features/admin/AdminQuotesPage')).AdminQuotesPage }) },
              { path: 'sites', lazy: async () => ({ Component: (await import('../features/admin/AdminSitesPage')).AdminSitesPage }) },
              {
                path: 'sites/:id',
                lazy: async () => ({ Component: (await import('../features/admin/AdminSiteDetailPage')).AdminSiteDetailPage }),
              },
              { path: 'clients', lazy: async () => ({ Component: (await import('../features/admin/AdminClientsPage')).AdminClientsPage }) },
              {
                path: 'clients/:id',
                lazy: async () => ({ Component: (await import('../features/admin/AdminClientDetailPage')).AdminClientDetailPage }),
              },
              { path: 'emails', lazy: async () => ({ Component: (await import('../features/admin/AdminEmailsPage')).AdminEmailsPage }) },
              { path: 'audit', lazy: async () => ({ Component: (await import('../features/admin/AdminAuditPage')).AdminAuditPage }) },
              {
                path: 'settings',
                lazy: async () => ({ Component: (await import('../features/admin/AdminAgencySettingsPage')).AdminAgencySettingsPage }),
              },
              {
                path: 'invoices',
                lazy: async () => ({ Component: (await import('../features/admin/legal-invoices')).AdminLegalInvoicesPage }),
              },
              {
                path: 'duplicate-payments',
                lazy: async () => ({
                  Component: (await import('../features/admin/AdminDuplicatePaymentsPage')).AdminDuplicatePaymentsPage,
                }),
              },
              { path: 'status', lazy: async () => ({ Component: (await import('../features/admin/AdminStatusPage')).AdminStatusPage }) },
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
