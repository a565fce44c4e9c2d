// Lint rules, including the import direction of DESIGN.md: renderer, preload, main and service
// import only src/shared across layers; main never imports service; shared imports no layer.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const layers = ['main', 'preload', 'renderer', 'service', 'shared'];
const forbid = (self, allowed) =>
  layers
    .filter((l) => l !== self && !allowed.includes(l))
    .flatMap((l) => [`**/src/${l}/**`, `../${l}/**`, `../../${l}/**`, `../../../${l}/**`, `../../../../${l}/**`, `../../../../../${l}/**`]);
const layerRule = (self, allowed, extra = []) => ({
  files: [`src/${self}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: forbid(self, allowed), message: `src/${self} may import only ${allowed.length ? allowed.map((a) => 'src/' + a).join(', ') : 'nothing outside itself'} (DESIGN.md: imports only go downward).` },
          ...extra,
        ],
      },
    ],
  },
});

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
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  layerRule('shared', [], [{ group: ['node:*', 'electron', 'better-sqlite3', 'keytar', 'react', 'react-dom'], message: 'src/shared is pure TypeScript: no Node, Electron or UI imports.' }]),
  layerRule('main', ['shared']),
  layerRule('preload', ['shared']),
  layerRule('renderer', ['shared'], [{ group: ['node:*', 'electron', 'better-sqlite3', 'keytar'], message: 'The renderer runs sandboxed: no Node or Electron imports.' }]),
  layerRule('service', ['shared']),
);
