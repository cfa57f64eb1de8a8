// Lint, and the layering of docs/contract.md ARCH-1 as rules: imports flow elements → app → ui → stores → domain,
// app/ui/stores → services → domain, server → domain; nothing imports elements/ or demo/, and
// only elements/ imports app/ (the app root, which the element adapter renders).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Globals that would tie src/domain to a browser or to I/O (ARCH-2). */
const DOM_AND_IO = [
  'window', 'document', 'fetch', 'localStorage', 'sessionStorage', 'setTimeout', 'setInterval',
  'navigator', 'location', 'XMLHttpRequest', 'customElements', 'HTMLElement',
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * One layer's boundary: the repository folders (reached by relative import), packages (a trailing
 * "/" means the whole scope) and globals its files may not use.
 */
function boundary({ name, files, ignores = [], folders = [], packages = [], banGlobals = [] }) {
  const why = 'docs/contract.md ARCH-1: imports flow elements → app → ui → stores → domain; nothing imports elements/ or demo/, only elements/ imports app/.';
  const patterns = [
    ...folders.map((folder) => ({
      regex: `^\\.{1,2}/(?:.*/)?${escape(folder)}(?:/|$)`,
      message: `${name} may not import ${folder}/. ${why}`,
    })),
    ...packages.map((pkg) => ({
      regex: pkg.endsWith('/') ? `^${escape(pkg)}` : `^${escape(pkg)}(?:/|$)`,
      message: `${name} may not import ${pkg}. ${why}`,
    })),
  ];
  const banned = banGlobals.map((global) => ({ name: global, message: `${name} may not use ${global}. ${why}` }));
  return {
    name: `layers/${name}`,
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      ...(banned.length > 0 && {
        'no-restricted-globals': ['error', ...banned],
        'no-restricted-properties': [
          'error',
          ...banned.map(({ name: property, message }) => ({ object: 'globalThis', property, message })),
        ],
      }),
    },
  };
}

const LAYER_DIRS = 'src/{domain,stores,services,ui,app,server,elements,setup}/**';

export default defineConfig(
  // tsup writes its config, bundled, beside it while it builds, and `npm test` lints beside the build.
  globalIgnores(['dist/', 'coverage/', 'test-results/', 'tsup.config.bundled_*']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/{ui,app,elements}/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The host-app fixtures: browser code in JSX, bundled by test/hosts/build.mjs.
    files: ['test/hosts/**/*.jsx'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser, parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    rules: {
      'no-console': 'warn',
      // `const { dob: _dob, ...kept } = form` is how a field is dropped from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
      // `interface HTMLElementEventMap extends EvcEventMap {}` is how a global type is augmented.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['demo/**', 'scripts/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },

  // Each entry lists everything its files may not reach, so no entry overrides another's list.
  boundary({
    name: 'src/domain',
    files: ['src/domain/**'],
    folders: ['stores', 'services', 'ui', 'app', 'elements', 'server', 'demo'],
    packages: ['react', 'react-dom', 'zustand', '@shopify/', '@google/'],
    banGlobals: DOM_AND_IO,
  }),
  boundary({
    name: 'src/stores',
    files: ['src/stores/**'],
    folders: ['ui', 'app', 'elements', 'server', 'demo'],
    packages: ['react-dom'],
  }),
  boundary({
    name: 'src/services',
    files: ['src/services/**'],
    folders: ['ui', 'app', 'elements', 'stores', 'demo'],
    packages: ['react', 'react-dom'],
  }),
  boundary({
    name: 'src/ui',
    files: ['src/ui/**'],
    folders: ['app', 'elements', 'server', 'demo'],
    banGlobals: ['fetch'],
  }),
  boundary({
    name: 'src/app',
    files: ['src/app/**'],
    folders: ['elements', 'server', 'demo'],
    banGlobals: ['fetch'],
  }),
  boundary({
    name: 'src/server',
    files: ['src/server/**'],
    folders: ['ui', 'app', 'stores', 'services', 'elements', 'demo'],
    packages: ['react', 'react-dom', 'zustand', '@google/', 'three'],
  }),
  boundary({
    // The set-up command: Node, the Admin API client and domain/ (services/ for the API version only).
    name: 'src/setup',
    files: ['src/setup/**'],
    folders: ['ui', 'app', 'stores', 'elements', 'server', 'demo'],
    packages: ['react', 'react-dom', 'zustand', '@google/', 'three'],
  }),
  boundary({
    name: 'src/elements',
    files: ['src/elements/**', 'src/index.ts'],
    folders: ['demo'],
  }),
  boundary({
    name: 'demo',
    files: ['demo/**'],
    folders: ['elements'],
  }),
  // Tests may reach any layer (the e2e harness starts the demo server in process).
  boundary({
    name: 'this file',
    files: ['**/*.{js,mjs,ts,tsx}'],
    ignores: [LAYER_DIRS, 'src/index.ts', 'demo/**', 'test/**'],
    folders: ['app', 'elements', 'demo'],
  }),
);
