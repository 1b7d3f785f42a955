// ESLint (flat config), run by `npm test` after the type check: typescript-eslint's recommended
// rules for every package, the React hooks rules for the web app, and the server's module
// boundaries (tools/eslint/module-boundaries.js). TypeScript 7 (the native `tsc`) has no
// compiler API yet, so typescript-eslint parses with TypeScript 6 (`typescript` is an alias of
// @typescript/typescript6; `tsc` is TypeScript 7 from @typescript/native).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import local from './tools/eslint/module-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'apps/server/src/db/migrations/**', 'coverage/**', 'apps/server/src/modules/reconciliation/.bench-before/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      // The type checker (strict) already reports these.
      'no-undef': 'off',
      'no-unused-vars': 'off',
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests read answers of any shape (the harness answers `body: any`).
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { local },
    rules: { 'local/module-boundaries': 'error' },
  },
);
