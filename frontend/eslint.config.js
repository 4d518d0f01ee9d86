// ESLint: typescript-eslint's recommended rules (type-aware) and the rules of hooks.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'webpack-stats.json'] },
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
  {
    // build and tool configuration, run by node: no type information needed
    files: ['*.js', '*.ts', 'scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
);
