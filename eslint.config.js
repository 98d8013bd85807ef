import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/lint-layers.mjs';

/**
 * The layers (docs/decisions/017-one-place-for-each-rule.md): server/db at the bottom imports nothing of the
 * server above it; the platform imports no billing and no feature; billing (the ledgers, which features call)
 * imports no feature; nothing on the server imports the app (catalogs live in locales/, shared code in
 * contract/); benchmarks do not import tests; a server feature imports no other, with no exception.
 * Paths are the repository's, whatever the importing file's depth (scripts/lint-layers.mjs). Tests and
 * test fixtures may cross them.
 */
const LAYER_BOUNDARIES = [
  {
    from: '^server/db/',
    refuse: '^(server/(?!db/)|app/)',
    message: 'server/db is the bottom layer: it imports no feature, platform, demo or app code.',
  },
  {
    from: '^server/platform/',
    refuse: '^server/(features|billing|demo)/',
    message: 'The platform holds mechanisms: it imports no billing, no feature and no demo data.',
  },
  {
    from: '^server/billing/',
    refuse: '^server/(features|demo)/',
    message:
      'Billing sits under the features: it imports none (a feature registers what paying its orders changes, server/billing/orders.ts).',
  },
  {
    from: '^server/features/',
    refuse: '^server/demo/',
    message: 'Features never import demo data (server/demo loads it through them).',
  },
  {
    from: '^server/',
    refuse: '^app/',
    message: 'The server never imports the app: what both read lives in contract/ or locales/.',
  },
  {
    from: '^bench/',
    refuse: '^tests/',
    message: 'Benchmarks do not import tests: what both use lives in server/ (server/db/postgres-admin.ts).',
  },
  {
    from: '^server/features/([^/]+)/',
    refuse: '^server/features/(?!$1/)',
    message:
      'A server feature imports no other feature: what two share moves down (contract/, server/billing, server/platform, server/db).',
  },
  {
    from: '^app/features/([^/]+)/',
    refuse: '^app/features/(?!$1/)',
    message:
      'An app feature imports no other feature: what two share moves down (app/ui, app/platform, contract/); a page composing several features lives in app/routes.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.build-*/',
      '.react-router/',
      '.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*'], message: 'The app never imports server code.' },
          ],
          paths: [
            {
              name: 'react-router',
              importNames: ['useNavigate'],
              message:
                'Navigate with useSafeNavigate (app/platform/use-safe-navigate.ts): every target is checked.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that may call React Router's navigate.
    files: ['app/platform/use-safe-navigate.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Server code may import anything server-side.
    files: ['server/**', 'tests/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.{ts,tsx}', 'bench/**/*.ts', 'app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixtures.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/boundaries': ['error', LAYER_BOUNDARIES] },
  },
  {
    // One writer of the activity log for services: logActivity, inside the change's unit of work.
    files: ['server/features/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/activity'],
              importNames: ['recordActivity'],
              message:
                'Services write the activity log with logActivity(work, …) (server/platform/service-context.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Vitest runs the files of a worker on one set of modules (vitest.config.ts `isolate: false`): a file
    // that replaced a module would replace it for the files after it.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'hoisted'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Test files share modules in a worker: pass a dependency in instead of replacing a module.',
        })),
      ],
    },
  },
  {
    // Playwright fixtures take a `use` callback that is not React's hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
