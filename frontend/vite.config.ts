import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
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

// In development, /api is proxied to the backend (npm run dev -w backend, or dist/main.js on PORT).
const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
  },
  // The server's bundle of the public pages (`vite build --ssr src/entry-server.tsx`, see entry-server.tsx) holds its
  // dependencies, so the backend loads one file and needs none of the frontend's packages at run time.
  ssr: { noExternal: true },
  ...(isSsrBuild
    ? // React's production build on the server whatever NODE_ENV the backend runs with; public/ is the client build's.
      { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, publicDir: false }
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
    // Most files share their workers' modules and DOM (isolate: false: each new file's environment and imports cost
    // about a second, 54 times); the few that keep module state of their own (the session's refresh, a client view)
    // or mock modules get fresh ones.
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
}));
