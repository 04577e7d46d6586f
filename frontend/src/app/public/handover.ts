import type { SessionResponseDto } from '../../api/generated/model';

/**
 * The handover from a prerendered public page (the public build: app/public) to the whole app (the app's build,
 * main.tsx): two builds, two copies of the modules, so what the app needs of the page is handed over here — the
 * app's entry finds `HANDOVER` on the window, gives its `enterApp`, and does not start by itself.
 */
export const HANDOVER = '__vitrineHandover';

/** What the app's entry gives: loads the page at `pathname` (with the visitor's session, if any) and returns how to show it. */
export type EnterApp = (pathname: string, session: SessionResponseDto | null) => Promise<(container: HTMLElement) => void>;

type HandoverWindow = Window & { [HANDOVER]?: (enter: EnterApp) => void };

/** The app's side (main.tsx): true when a public page asked for the app, which then gets `enter`; else the app boots. */
export function answerHandover(enter: EnterApp): boolean {
  const waiting = (window as HandoverWindow)[HANDOVER];
  if (!waiting) return false;
  delete (window as HandoverWindow)[HANDOVER];
  waiting(enter);
  return true;
}

/** The public page's side: loads the app's entry (its files hinted at once) and resolves with its `enterApp`. */
export function requestApp(app: { entry: string; imports: string[] }): Promise<EnterApp> {
  // Once per page: the entry's module runs once (a second import of it would never answer).
  requested ??= load(app).catch((error: unknown) => {
    requested = null;
    throw error;
  });
  return requested;
}

let requested: Promise<EnterApp> | null = null;

function load(app: { entry: string; imports: string[] }): Promise<EnterApp> {
  for (const href of app.imports) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  return new Promise<EnterApp>((resolve, reject) => {
    (window as HandoverWindow)[HANDOVER] = resolve;
    import(/* @vite-ignore */ app.entry).catch(reject);
  });
}

declare global {
  /** The app build's entry and its files, given to the public build by vite.config.ts (PUBLIC_BUILD). */
  const __APP_ENTRY__: { entry: string; imports: string[] };
}
