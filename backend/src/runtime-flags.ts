import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the server process, applied first thing in main.ts (so `npm start`, the Docker image and the bench
 * all run with them, whatever launches `node backend/dist/main.js`).
 *
 * No allocation-site pretenuring. V8 allocates straight in the old generation the objects of allocation sites whose
 * earlier objects survived young collections. Sites that Express, the router and node:http use for every request
 * ended up there (a heap sampling of the server under load: 12 KB per request reached the old generation, headers and
 * request objects first), so each request's short-lived garbage filled the old generation: the heap grew by ~1.8 MB
 * per young collection up to 330 MB, a young collection took 10 ms instead of 0.8 ms, and full collections paused the
 * server. Measured on GET /api/auth/me, autocannon alone against the app, 10 connections, 10 s after a warm-up:
 * 3,578 → 4,370 req/s, p99 12 → 5 ms, 440 → 364 MB resident after the load. The bench (`npm run bench:api`) prints
 * the app's time in garbage collection per request beside the raw baseline's.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
