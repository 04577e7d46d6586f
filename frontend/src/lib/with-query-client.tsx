import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { use, type ReactNode } from 'react';

let own: QueryClient | null = null;

/**
 * Its children under the app's query cache, or, on a prerendered public page (which runs without the query library
 * until something needs it: app/public), under one of their own, made on first use. For what a public page loads on
 * demand and that calls the API through a generated hook (the quote form's sending).
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const above = use(QueryClientContext);
  if (above) return children;
  own ??= new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
