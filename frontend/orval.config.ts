import { defineConfig } from 'orval';

export default defineConfig({
  vitrine: {
    input: { target: '../openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: 'src/api/generated',
      schemas: 'src/api/generated/model',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      // The app's tsconfig allows .ts imports (for @vitrine/domain's sources): the generated code keeps extensionless ones.
      tsconfig: { compilerOptions: {} },
      override: {
        mutator: { path: 'src/api/http.ts', name: 'customFetch' },
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
});
