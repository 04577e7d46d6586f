import { defineConfig } from 'orval';

/**
 * The integrators' client: plain `fetch` functions (no React, no TanStack Query) generated from the root's
 * openapi.yaml into src/generated (not committed: built from openapi.yaml by `npm run build`), each going through
 * src/http.ts, which adds the base URL and the Authorization header of the client that calls it.
 */
export default defineConfig({
  vitrine: {
    input: { target: '../../openapi.yaml' },
    output: {
      mode: 'tags',
      target: 'src/generated/api.ts',
      schemas: 'src/generated/model',
      client: 'fetch',
      httpClient: 'fetch',
      clean: true,
      override: {
        mutator: { path: 'src/http.ts', name: 'vitrineFetch' },
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
});
