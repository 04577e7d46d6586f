/**
 * Backend tests, two projects: `unit`, the specs beside the code (src/**.spec.ts), which need no database and run
 * alone in seconds (`npm run test:unit`); `e2e`, the specs against real PostgreSQL (test/), whose global set-up starts
 * the embedded server. `npm test` runs both, in two workers: each e2e file has its own database (cloned from one migrated
 * template), its own app, sandbox and servers on free ports, so files run side by side.
 */
const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
  // A guard against a test that hangs, not a speed check: two workers share the machine's cores (and, on a shared
  // machine, other runs do too), so the heaviest tests (20 payments delivered twice to two instances) take well over
  // their 10 s alone.
  testTimeout: 90000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
    },
  ],
};
