import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../api/http';
import { AdminModeProvider } from '../lib/auth/admin-mode';
import { AuthProvider } from '../lib/auth/session';
import { SiteInfoContext } from '../lib/site-info';
import { queriedSiteInfo } from '../lib/site-info-queries';
import { ThemeProvider } from '../lib/theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retry network hiccups and server errors, never client errors (401/403/404…).
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SiteInfoContext value={queriedSiteInfo}>
        <ThemeProvider>
          <AuthProvider>
            <AdminModeProvider>{children}</AdminModeProvider>
          </AuthProvider>
        </ThemeProvider>
      </SiteInfoContext>
    </QueryClientProvider>
  );
}
