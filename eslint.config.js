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

/** How import-x reads our imports: TypeScript files, the `#domain/*` alias of package.json's "imports". */
const importSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
  // Our TypeScript files are read for their imports (the default reads .js only).
  'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  // Packages are not parsed: cycles and boundaries are about our own files.
  'import-x/ignore': ['node_modules'],
};

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
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
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
  {
    // The client's and the shared domain's boundaries (docs/architecture.md, "may import" table): no import
    // cycle; the domain imports nothing of a runtime; ui/ and api/ stay below the screens; the workers
    // read the domain only.
    files: ['domain/**/*.ts', 'src/**/*.ts', 'src/**/*.tsx', 'workers/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: ['./src', './server', './workers'],
              message: 'The domain is shared by every runtime: it imports none of them.',
            },
            {
              target: './src/ui',
              from: ['./src/api', './src/app', './src/features', './src/pwa', './src/viewer'],
              message: 'Shared components import the domain only.',
            },
            {
              target: './src/api',
              from: ['./src/app', './src/features', './src/ui', './src/pwa', './src/viewer'],
              message: 'The API client imports the domain only.',
            },
            {
              target: './src/viewer',
              from: ['./src/api', './src/app', './src/features', './src/ui', './src/pwa'],
              message: 'The public viewer carries nothing of the back-office.',
            },
            {
              target: './workers',
              from: ['./src', './server'],
              message: 'The workers import the domain only.',
            },
            {
              target: './src',
              from: './workers',
              // The locale worker is bundled inline (src/app/localeData.ts): its import carries Vite's query.
              except: ['./analytics.worker.ts', './locale.worker.ts', './locale.worker.ts?worker&inline'],
              message: "The app reads a worker through its entry (its Comlink face), never the worker's internals.",
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
