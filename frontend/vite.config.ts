import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// Test files that need modules of their own: they drive the session's timers, refresh and sign-out and a client view's end
// (see test.projects below).
const ISOLATED = [
  'src/app/layout/Header.test.tsx',
  'src/api/http.test.ts',
  'src/api/client-view.test.ts',
  'src/lib/auth/session.test.tsx',
  'src/features/admin/ClientView.test.tsx',
  // Runs in another time zone than Paris's
  'src/lib/format-paris.test.ts',
];

/**
 * `VITRINE_BUILD=public vite build`, after the app's build: the prerendered public pages' entry (public.html,
 * src/main-public.tsx, app/public/public-app.tsx) built on its own, so that its bundle holds only what these pages use
 * of React Router and nothing of the query library (a build shares each module's code between its entries: with the
 * app's, the public pages would load all of React Router). When the visitor goes into the app, the page loads the
 * app's entry, which this build knows from the app's manifest (__APP_ENTRY__).
 */
const PUBLIC_BUILD = process.env.VITRINE_BUILD === 'public';

/** The app build's entry file and the files it imports (dist/.vite/manifest.json), as the public pages ask for them. */
function appEntry(): { entry: string; imports: string[] } {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const [entry] = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (!entry) throw new Error("dist/.vite/manifest.json sans point d'entrée : construisez l'application d'abord (vite build)");
  const files = [...closure([entry])].map((key) => `/${manifest[key].file}`);
  return { entry: files[0], imports: files.slice(1) };
}

// In development, /api is proxied to the backend (npm run dev -w backend, or dist/main.js on PORT).
const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * The public build's graph stops at the public pages: the page table (config/pages.ts) names every page's module, and
 * a module anywhere in a build keeps, in the chunks the public pages share, everything any page uses of it (all of
 * React Router, the query library through the generated hooks). The other areas' pages are the app build's: here their
 * lazy references are empty (app/public hands any other address over to the app, and never loads them).
 */
const APP_ONLY_PAGE = /import\.meta\.glob\('\.\.\/features\/(?:admin|auth|dashboard|order)\/[^']+'\)/g;
/** A signed-in page's heading (its shell's, which the public pages never show): `heading: { … },`. */
const SIGNED_IN_HEADING = /\bheading: \{[^{}]*\},/g;
const appOnlyPagesLeftOut: Plugin = {
  name: 'vitrine-public-pages-only',
  enforce: 'pre',
  transform: (code, id) => (id.endsWith('/src/config/pages.ts') ? code.replace(APP_ONLY_PAGE, '{}').replace(SIGNED_IN_HEADING, '') : null),
};

/**
 * The sections that never change once rendered keep the server's HTML in the public build: their modules are given
 * as ones that read it from the page (src/app/public/kept.tsx), which import the real ones only when a page is shown
 * afresh after a link. The interactive ones keep it until the visitor's first interaction with them.
 */
const KEPT: Record<string, string> = {
  'src/features/public/home/Highlights.tsx': 'src/app/public/kept/highlights.tsx',
  'src/features/public/home/Conversion.tsx': 'src/app/public/kept/conversion.tsx',
  'src/app/layout/Footer.tsx': 'src/app/public/kept/footer.tsx',
  // Interactive: their code is loaded on the visitor's first interaction with them (kept.tsx, `island`).
  'src/features/public/home/Pricing.tsx': 'src/app/public/kept/pricing.tsx',
  'src/features/public/home/Portfolio.tsx': 'src/app/public/kept/portfolio.tsx',
  'src/features/public/home/Closing.tsx': 'src/app/public/kept/closing.tsx',
  'src/features/public/home/Hero.tsx': 'src/app/public/kept/hero.tsx',
  // The session's code for those who may have one only (kept/session.tsx).
  'src/lib/auth/session.tsx': 'src/app/public/kept/session.tsx',
  'src/lib/auth/admin-mode.tsx': 'src/app/public/kept/admin-mode.tsx',
};
const keptSections: Plugin = {
  name: 'vitrine-kept-sections',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (
      !importer ||
      importer.includes('/src/app/public/kept/') ||
      !/Highlights|Conversion|Footer|Pricing|Portfolio|Closing|Hero|session|admin-mode/.test(source)
    )
      return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    const kept = resolved ? KEPT[relative(import.meta.dirname, resolved.id)] : undefined;
    return kept ? join(import.meta.dirname, kept) : null;
  },
};

/**
 * What the public entry loads before any interaction, in one file: the modules its entry imports statically (read
 * from the build's graph once it is complete) form one chunk, instead of the entry and the common chunks the automatic
 * splitting makes of those the lazy chunks share (React, the buttons, the page table…). The same code, compressed as
 * one: 1.4 KB less of gzip than in six files (docs/performance.md, the public pages' light entry).
 */
const entryGraph = new Set<string>();
const entryGraphRead: Plugin = {
  name: 'vitrine-public-entry-graph',
  buildEnd() {
    entryGraph.clear();
    const visit = (id: string) => {
      if (entryGraph.has(id)) return;
      entryGraph.add(id);
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(PUBLIC_BUILD ? [appOnlyPagesLeftOut, keptSections, entryGraphRead] : [])],
  // What the public pages use of React Router, in a few hundred bytes (app/public/light-router.tsx).
  ...(PUBLIC_BUILD
    ? { resolve: { alias: [{ find: /^react-router$/, replacement: join(import.meta.dirname, 'src/app/public/light-router.tsx') }] } }
    : {}),
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which files each page's module is built into, for the server to hint them in a
    // signed-in area's HTML (entry-server.tsx, routeChunks).
    manifest: !isSsrBuild,
    // The public build (see PUBLIC_BUILD) adds its page and files to the app's dist/, with a manifest of its own.
    // No modulepreload polyfill there: every browser that runs the site's ES2022 has modulepreload.
    ...(PUBLIC_BUILD
      ? {
          manifest: '.vite/manifest-public.json',
          emptyOutDir: false,
          modulePreload: { polyfill: false },
          rolldownOptions: {
            input: 'public.html',
            output: { codeSplitting: { groups: [{ name: 'public-entry', test: (id: string) => entryGraph.has(id) }] } },
          },
        }
      : {}),
  },
  // The server's bundle of the public pages (`vite build --ssr src/entry-server.tsx`, see entry-server.tsx) holds its
  // dependencies, so the backend loads one file and needs none of the frontend's packages at run time.
  ssr: { noExternal: true },
  ...(isSsrBuild
    ? // React's production build on the server whatever NODE_ENV the backend runs with; public/ is the client build's.
      { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, publicDir: false }
    : PUBLIC_BUILD
      ? { define: { __APP_ENTRY__: JSON.stringify(appEntry()) } }
      : {}),
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A test's guard against hangs, not its speed: a busy 2-core CI machine took more than the default 5 s for a
    // wizard's step.
    testTimeout: 30_000,
    // One worker per core: Vitest's default in a run is one less than the cores, a single worker on this 2-core
    // machine, where two ran the 67 files in 25.6 s instead of 57.8 s, and with less CPU (35.5 s instead of 48.8 s).
    maxWorkers: '100%',
    // Most files share their workers' modules and DOM (isolate: false: each new file's environment and imports cost
    // about a second, 54 times); the few that keep module state of their own (the session's refresh, a client view)
    // or mock modules get fresh ones.
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
}));
