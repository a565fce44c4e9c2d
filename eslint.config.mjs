// Lint rules, including the import direction of the layers (docs/architecture.md): renderer,
// preload, main and service import only src/shared across layers; main never imports service;
// shared imports no layer. Inside main, only the hosts (src/main/hosts) import the hosts.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const layers = ['main', 'preload', 'renderer', 'service', 'shared'];
const forbid = (self, allowed) =>
  layers
    .filter((l) => l !== self && !allowed.includes(l))
    .flatMap((l) => [`**/src/${l}/**`, `../${l}/**`, `../../${l}/**`, `../../../${l}/**`, `../../../../${l}/**`, `../../../../../${l}/**`]);
const layerRule = (self, allowed, extra = [], { files = [`src/${self}/**/*.{ts,tsx}`], ignores = [] } = {}) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx', ...ignores],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: forbid(self, allowed), message: `src/${self} may import only ${allowed.length ? allowed.map((a) => 'src/' + a).join(', ') : 'nothing outside itself'} (imports only go downward: docs/architecture.md).` },
          ...extra,
        ],
      },
    ],
  },
});

const RENDERER_SANDBOX = { group: ['node:*', 'electron', 'better-sqlite3', 'keytar'], message: 'The renderer runs sandboxed: no Node or Electron imports.' };
const VIEW_IMPORTS = [
  { regex: '^\\.\\./(?!\\.\\./)', message: 'A view imports no other view\'s files: move what views share into components/, data/ or stores/ (docs/architecture.md).' },
  { regex: '^\\.\\./\\.\\./(?!(components|data|stores)(/|$)|\\.\\./)', message: 'A view imports only components/, data/ (the contract client and data hooks) and stores/ (docs/architecture.md).' },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'e2e/output/**', 'test-results/**', 'playwright-report/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Node scripts run by npm (dist, native modules).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  layerRule('shared', [], [{ group: ['node:*', 'electron', 'better-sqlite3', 'keytar', 'react', 'react-dom'], message: 'src/shared is pure TypeScript: no Node, Electron or UI imports.' }]),
  // The back end below its hosts never reaches up into them: hosts implement ports (src/main/host-ports.ts).
  layerRule('main', ['shared'], [{ group: ['**/hosts/**', './hosts/*', '../hosts/*'], message: 'Only src/main/hosts imports src/main/hosts: give host behaviour to the back end through HostPorts.' }], { ignores: ['src/main/hosts/**'] }),
  layerRule('main', ['shared'], [], { files: ['src/main/hosts/**/*.{ts,tsx}'] }),
  layerRule('preload', ['shared']),
  layerRule('renderer', ['shared'], [RENDERER_SANDBOX]),
  // Inside the renderer a view folder imports only the shared folders (components/, data/, stores/)
  // and its own files: what two views share lives in one of those, never in another view's folder.
  layerRule('renderer', ['shared'], [RENDERER_SANDBOX, ...VIEW_IMPORTS], { files: ['src/renderer/src/views/**/*.{ts,tsx}'] }),
  layerRule('service', ['shared']),
);
