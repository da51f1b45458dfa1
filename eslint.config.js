import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Code that runs in the browser builds its schemas with src/shared/zod.ts, which keeps zod from
// trying `new Function` under the site's CSP.
const ZOD_IN_BROWSER = {
  name: 'zod',
  message: "Import { z } from src/shared/zod.ts: it sets zod up for the site's CSP.",
};

// A feature imports only ui/, lib/, i18n/, shared/ and its own folder; app/ composes features, and
// the shared parts import no feature (docs/decisions/0010-client-by-feature.md).
const FEATURES = readdirSync('src/client/features');
const FEATURE_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'A feature never imports another: compose them in src/client/app.',
  })),
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'A feature never imports app/: app/ imports features.',
  },
  ...['ui', 'lib', 'i18n'].map((shared) => ({
    target: `./src/client/${shared}`,
    from: ['./src/client/features', './src/client/app'],
    message: `src/client/${shared} is shared by the features: it imports none of them, nor app/.`,
  })),
];

// The test helpers by runner (tests/support/README.md): the vitest helpers never import the
// Playwright ones, and the shared data imports neither.
const SUPPORT_ZONES = [
  {
    target: './tests/support/server',
    from: './tests/support/browser',
    message: 'tests/support/server serves vitest: it never imports the Playwright helpers in browser/.',
  },
  {
    target: './tests/support/fixtures',
    from: ['./tests/support/server', './tests/support/browser'],
    message: 'tests/support/fixtures is data for either runner: it imports neither server/ nor browser/.',
  },
];

export default tseslint.config(
  // src/client/i18n/paraglide: the compiled messages (scripts/compile-messages.ts).
  {
    ignores: [
      'dist',
      'dist-test',
      'node_modules',
      'test-results',
      'playwright-report',
      'data',
      '.cache',
      'src/client/i18n/paraglide',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_IN_BROWSER],
          patterns: [{ group: ['**/server/**'], message: 'The client never imports the server.' }],
        },
      ],
      // A counted word comes from the catalog with the locale's plural rules ("1 minute", "2 minutos"),
      // never from a comparison with 1, which is wrong in other languages.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ConditionalExpression > BinaryExpression.test[operator=/^[!=]==?$/] > Literal.right[value=1]',
          message:
            "Choose a counted word with the catalog's plural rules (a message with `: plural`), not by comparing with 1.",
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: FEATURE_ZONES }] },
  },
  {
    files: ['tests/support/**/*.ts'],
    plugins: { 'import-x': importX },
    // These files import each other as `./x.js` (NodeNext), which names x.ts.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: SUPPORT_ZONES }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ZOD_IN_BROWSER] }] },
  },
  {
    // Ambient module declarations can only name types with import().
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server never imports the client.' }] },
      ],
    },
  },
);
