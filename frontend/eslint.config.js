// ESLint: typescript-eslint's recommended rules (type-aware), the rules of hooks, and the features'
// boundaries (a feature reaches another only through its index.ts; no import cycles).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The boundaries of the features (src/features/<name>/): a feature's index.ts is what other code may
 * use of it (its public surface); its other files are its own. So a file of one feature, or of
 * src/app (or src/testing, or a test), imports another feature as `@/features/<name>` and never
 * `@/features/<name>/<file>`; and src/lib and src/components, below every feature, import none.
 * Relative imports that climb out of a feature's folder would dodge this, so a feature's imports are
 * written with `@/` (as they all are). src/eslint-boundaries.test.ts lints eslint-fixtures/ with it.
 */
export function featureBoundaries(features) {
  const internals = (own) => ({
    group: ['@/features/*/**', ...(own ? [`!@/features/${own}/**`] : [])],
    message: "Import another feature through its index.ts (`@/features/<name>`): its other files are its own.",
  });
  const climbing = { group: ['../*'], message: 'Write the import with `@/`.' };
  return [
    ...features.map((feature) => ({
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [internals(feature), climbing] }] },
    })),
    {
      files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx', 'src/testing/**/*.{ts,tsx}', 'src/{lib,components}/**/*.test.{ts,tsx}'],
      rules: { 'no-restricted-imports': ['error', { patterns: [internals(null)] }] },
    },
    {
      files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ group: ['@/features/**', '@/app/**'], message: 'lib and components are below the features: they import none.' }] },
        ],
      },
    },
  ];
}

/**
 * No import cycles (import-x resolves `@/` through tsconfig.json). Through the features' index.ts this
 * also keeps the features themselves in one order: a feature that used another which used it back
 * would close a cycle through the two indexes.
 */
export function noCycles(tsconfig) {
  return {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x's TypeScript settings (which files it reads, with which parser), its resolver ours
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined, // (the legacy setting's 'typescript' resolver: ours replaces it)
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsconfig })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}

export default tseslint.config(
  // eslint-fixtures/: deliberate violations that src/eslint-boundaries.test.ts lints on purpose
  { ignores: ['dist/', 'node_modules/', 'webpack-stats.json', 'eslint-fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // A Testing Library query proves nothing more under `.toBeTruthy()`: getBy/findBy already throw
    // when the element is missing, and queryBy's null passes nothing through. Write the query alone.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // expect(getBy...(...)) and expect(await findBy...(...)), whether the query is a method or a name
          selector:
            "CallExpression[callee.property.name='toBeTruthy'] > MemberExpression.callee > CallExpression[callee.name='expect'] :matches(CallExpression[callee.property.name=/^(get|find|query)(All)?By/], CallExpression[callee.name=/^(get|find|query)(All)?By/])",
          message:
            'expect(...getBy...(...)).toBeTruthy() asserts nothing the query does not: call getBy/findBy alone (it throws when the element is missing).',
        },
      ],
    },
  },
  ...featureBoundaries(FEATURES),
  noCycles(fileURLToPath(new URL('./tsconfig.json', import.meta.url))),
  {
    // build and tool configuration, run by node: no type information needed
    files: ['*.js', '*.ts', 'scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
);
