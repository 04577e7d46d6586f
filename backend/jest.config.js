/**
 * Backend tests, three projects: `unit`, the specs beside the code (src/**.spec.ts), which need no database and run
 * alone in seconds (`npm run test:unit`); `e2e`, the specs against real PostgreSQL (test/), whose global set-up starts
 * the embedded server, one Jest file each (to run one: `npm run test:files -- test/x.e2e-spec.ts`); `batches`,
 * the same specs packed into a dozen Jest files (test/batches/batches.ts: the app's modules loaded once a batch rather
 * than once a file). `npm test` runs `unit` and `batches`, in three workers (the e2e specs wait on late webhooks and timers: three
 * ran the tier in 137 s on two cores where two took 173 s, docs/performance-tests.md): each e2e spec has its own database (cloned
 * from one migrated template), its own app, sandbox and servers on free ports, so batches run side by side.
 */
const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
};

const database = {
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
};

module.exports = {
  // A guard against a test that hangs, not a speed check: two workers share the machine's cores (and, on a shared
  // machine, other runs do too), so the heaviest tests (20 payments delivered twice to two instances) take well over
  // their 10 s alone.
  testTimeout: 90000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/batches/*.spec.ts', '<rootDir>/test/helpers/*.spec.ts'],
    },
    { ...shared, ...database, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
    { ...shared, ...database, displayName: 'batches', testMatch: ['<rootDir>/test/batches/*.batch.ts'] },
  ],
  testSequencer: '<rootDir>/test/batches/sequencer.js',
};
