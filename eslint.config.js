// ESLint flat config (docs/decisions.md, "Guards"): type-aware typescript-eslint, the rules of hooks, one
// import order; formatting is Prettier's (eslint-config-prettier turns off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's areas (docs/architecture.md, "On the server"): each a folder with its routes/ beside its services. */
const AREAS = ['analytics', 'catalogue', 'collect', 'customers', 'entreprise', 'session', 'users'];

export default tseslint.config(
  { ignores: ['dist/**', 'dev-dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify handlers and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // React accepts a promise-returning event handler; ours catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests and benchmarks read the server's JSON answers untyped on purpose: their assertions check them.
    files: ['tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The server's boundaries (docs/architecture.md, "On the server"): no import cycle; core code (every
    // folder but the areas, and buildApp but its list of areas, server/areas.ts) imports no area's routes;
    // an area imports no other area's routes, and an area's services and queries not its own routes.
    // Cycles are checked on the server only for now (src/ is being reorganised).
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
      // Our TypeScript files are read for their imports (the default reads .js only).
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages are not parsed: cycles and boundaries are about our own files.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./server/{app,config,deps,engineFlags,main}.ts', './server/{auth,build,db,files,http}/**'],
              from: './server/*/routes/**',
              message: "Server core imports services, never an area's routes (server/areas.ts lists them).",
            },
            ...AREAS.flatMap((area) => [
              {
                target: `./server/${area}/**`,
                from: AREAS.filter((other) => other !== area).map((other) => `./server/${other}/routes/**`),
                message: "An area imports another area's services, never its routes.",
              },
              {
                target: `./server/${area}/*.ts`,
                from: `./server/${area}/routes/**`,
                message: "An area's services and queries do not import its routes.",
              },
            ]),
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
