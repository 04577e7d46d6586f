import { Suspense, useEffect, type ReactNode } from 'react';
import { LoadingScreen } from '../../components/ui/card';
import { useDocumentHead } from '../seo/use-document-head';
import { Footer } from './Footer';
import { Header, useHeaderOffsetClass } from './Header';
import { ScrollManager } from './ScrollManager';

/**
 * What every page is shown in: the skip link, the header, the page (at least a screen high), the footer, and `after`
 * them the app's client-view banner (a public page's entry has none: a client view lives in the app's memory only). The app's router (RootLayout) and a prerendered public page's lighter one (app/public) both use it,
 * so that the server's HTML and either entry's first render are the same.
 */
export function PageFrame({ loading, children, after }: { loading: boolean; children: ReactNode; after?: ReactNode }) {
  const offset = useHeaderOffsetClass();
  useDocumentHead();
  // Says the page is interactive: rendered by React, or the server's HTML hydrated (the browser tier waits for it).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenu"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Aller au contenu
      </a>
      <ScrollManager />
      {loading ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500"
          role="progressbar"
          aria-label="Chargement de la page"
        />
      ) : null}
      <Header />
      {/* At least a screen high: while a page or its first answer loads, the footer stays below the fold instead of
          showing and then jumping down (a layout shift). */}
      <main id="contenu" tabIndex={-1} className={`min-h-dvh flex-1 outline-none ${offset}`}>
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
      </main>
      <Footer />
      {after}
    </div>
  );
}
