import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageHeadFor } from './page-heads';

/**
 * Keeps the document's head in step with the page shown: its title (the tab, the history), its description, its
 * canonical address and `noindex` for the pages search engines must not list. The server wrote the same head into a
 * prerendered page (entry-server.tsx); this follows the navigations that happen in the browser.
 */
export function useDocumentHead(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const head = pageHeadFor(pathname);
    document.title = head.title;
    headElement('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).content =
      head.description;
    const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (head.indexed) robots?.remove();
    else headElement('meta[name="robots"]', () => Object.assign(document.createElement('meta'), { name: 'robots' })).content = 'noindex';
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!head.indexed) canonical?.remove();
    else if (canonical) canonical.href = new URL(pathname, canonical.href).href;
  }, [pathname]);
}

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const element = create();
  document.head.append(element);
  return element;
}
