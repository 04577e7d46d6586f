// One lint configuration for the whole repository.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-tools/**',
      'frontend/src/api/generated/**',
      'packages/client/src/generated/**',
      '.data/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Jest's own configuration and test sequencer, loaded by Jest as CommonJS.
    files: ['backend/jest.config.js', 'backend/test/batches/sequencer.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      'backend/**/*.ts',
      'stripe-sandbox/**/*.ts',
      'scripts/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'packages/client/scripts/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['backend/test/**/*.ts', 'backend/src/**/*.spec.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Unidirectional frontend (bulletproof-react): app → features → components / lib / config / api.
    // A feature never imports another feature, nor the app shell; what two features share moves down to
    // components/ or lib/. Shared code never imports a feature or the app.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/test/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['frontend/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'frontend/src/app' },
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'frontend/src/(components|lib|config|api|assets)' },
        { type: 'test', pattern: 'frontend/src/test' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          message:
            "{{ from.element.type }}{{#if from.element.captured.feature}} '{{ from.element.captured.feature }}'{{/if}} must not import {{ to.element.type }}{{#if to.element.captured.feature}} '{{ to.element.captured.feature }}'{{/if}}: move what is shared down to components/ or lib/",
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              },
            },
            { from: { element: { type: 'feature' } }, disallow: { to: { element: { type: 'app' } } } },
            { from: { element: { type: 'shared' } }, disallow: { to: { element: { types: ['feature', 'app'] } } } },
          ],
        },
      ],
    },
  },
  {
    // Backend layers: the composition root (src/*.ts: app.module, main, data-source) and the feature modules → the
    // shared infrastructure (common/, config/, database/), which imports neither (no folder cycle through it).
    // Scripts (src/scripts) are tools on top of everything; nothing imports them.
    files: ['backend/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'boundaries/include': ['backend/src/**/*'],
      'boundaries/elements': [
        { type: 'scripts', pattern: 'backend/src/scripts' },
        { type: 'infra', pattern: 'backend/src/(common|config|database)' },
        { type: 'module', pattern: 'backend/src/*', capture: ['module'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          message:
            "{{ from.element.type }}{{#if from.element.captured.module}} '{{ from.element.captured.module }}'{{/if}} must not import {{ to.element.type }}{{#if to.element.captured.module}} '{{ to.element.captured.module }}'{{/if}}: shared infrastructure (common, config, database) knows no feature; the composition root (src/*.ts) wires them",
          policies: [
            // (the root's files, src/*.ts, count as modules here: infra imports none of them either)
            { from: { element: { type: 'infra' } }, disallow: { to: { element: { types: ['module', 'scripts'] } } } },
            { from: { element: { type: 'module' } }, disallow: { to: { element: { type: 'scripts' } } } },
            // Billing tells what a payment did as facts (billing-facts/) and never does another module's work: it
            // imports no feature module; they import billing. The facts import nothing but the infrastructure.
            {
              from: { element: { type: 'module', captured: { module: 'billing' } } },
              disallow: { to: { element: { type: 'module', captured: { module: '!billing-facts' } } } },
              message:
                "billing must not import module '{{ to.element.captured.module }}': publish a fact (billing-facts/facts.ts) that the module reacts to, or let it import billing",
            },
            {
              from: { element: { type: 'module', captured: { module: 'billing-facts' } } },
              disallow: { to: { element: { type: 'module' } } },
              message: 'billing-facts imports only the shared infrastructure: billing and every subscriber import it',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
