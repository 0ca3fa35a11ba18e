// @ts-check
// ESLint flat config: @eslint/js recommended, typescript-eslint's strictTypeChecked (typed rules,
// types from tsconfig.json through the project service), eslint-config-prettier last so that no
// rule argues with Prettier. `npm run lint` runs it; `npm run check` runs it with the other checks.
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Framework, database, queue and I/O modules that libs/domain must not import. */
const domainForbiddenImports = [
  {
    regex: '^(@nestjs|@prisma|@fastify|@apollo|@as-integrations)/|^fastify(/.*)?$',
    message: 'libs/domain is framework-free: no Nest, Prisma, fastify or Apollo here; the app adapts the domain, not the other way round.',
  },
  {
    regex: '^(prisma|bullmq|ioredis|pg|axios|graphql|graphql-ws|ws)(/.*)?$',
    message: 'libs/domain does no I/O: no database, queue, Redis, HTTP or GraphQL client here; the app passes the data in.',
  },
  {
    regex: '^(node:)?(fs|http|https|http2|net|tls|dgram|dns|child_process|worker_threads)(/.*)?$',
    message: 'libs/domain does no I/O: no file system, network or processes here; the app passes the data in.',
  },
  {
    regex: '(^|/)apps/',
    message: 'libs/domain must not depend on an application: apps import the domain, never the reverse.',
  },
];

/** The service's folder, which the kubectl plugin must not reach into. */
const serviceFolder = path.join(import.meta.dirname, 'apps', 'api');

/**
 * apps/kubectl-plugin talks to the service over HTTP only, through the client generated from the
 * served OpenAPI document: no module of apps/api, not even a type. no-restricted-imports reads an
 * import's text, and `../../api/src/...` says nothing of apps/ from apps/kubectl-plugin/src/, so this
 * rule resolves each relative path (import, export from, import(), import type, require) against
 * the file that holds it, and refuses whatever lands in apps/api.
 */
const noServiceImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      service:
        '{{source}} is in apps/api: the kubectl plugin talks to the service over HTTP only, through the client generated from its OpenAPI document (apps/kubectl-plugin/openapi/).',
    },
  },
  create(context) {
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = path.resolve(source.startsWith('.') ? path.dirname(context.filename) : import.meta.dirname, source);
      if (target === serviceFolder || target.startsWith(`${serviceFolder}${path.sep}`)) context.report({ node, messageId: 'service', data: { source } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
      TSImportType: (node) => check(node, node.argument.type === 'TSLiteralType' ? node.argument.literal.value : undefined),
      TSExternalModuleReference: (node) => check(node, node.expression.type === 'Literal' ? node.expression.value : undefined),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') check(node, node.arguments[0].value);
      },
    };
  },
};

/**
 * The app's tiers, lowest first (docs/architecture.md). A file may import from its own tier and the
 * tiers below it, never from one above: platform knows no HTTP, stores know no control loop, and
 * nothing but the faces knows a face. main.ts, app.module.ts, configure-app.ts, https.ts, apikeys.ts and kubeconfig.ts, at
 * the root, wire the tiers together and may import any.
 */
const APP_TIERS = ['platform', 'http', 'store', 'control-loops', 'features', 'faces'];

/** no-restricted-imports' patterns for a file of `tier`: every tier above it, and the root's wiring. */
function tierArrows(tier) {
  const above = APP_TIERS.slice(APP_TIERS.indexOf(tier) + 1);
  return [
    ...above.map((higher) => ({
      regex: `^\\.\\.?/(?:\\.\\./)*${higher}(?:/|$)`,
      message: `apps/api/src/${tier}/ is below ${higher}/: imports run one way, from a tier to the tiers beneath it (docs/architecture.md).`,
    })),
    {
      regex: '^\\.\\.?/(?:\\.\\./)*(?:app\\.module|configure-app|main|apikeys|https|kubeconfig)$',
      message: 'The root wires the tiers together; no tier imports it.',
    },
  ];
}

/**
 * Who may talk to Postgres: the stores (apps/api/src/store/, and a `*-store.ts` beside the service or loop
 * it serves) and platform/database itself. Everyone else calls a store, so that a table's layout is
 * known in one place. Row types of the generated client may still be named (type imports).
 */
const DATABASE_FILES = ['apps/api/src/store/**/*.ts', 'apps/api/src/**/*-store.ts', 'apps/api/src/platform/database/**/*.ts'];
const sqlMessage = 'Only stores write SQL: call a *-store.ts beside this file (or one in apps/api/src/store/) instead.';
const databaseImports = [
  // The client and the named statements, by whatever relative path (../database/ from platform/ too).
  { regex: '(?:^|/)(?:prisma\\.service|named-statement)$', message: sqlMessage },
  { regex: '(?:^|/)generated/prisma(?:/|$)|^@prisma/', allowTypeImports: true, message: sqlMessage },
  { regex: '^pg$', allowTypeImports: true, message: sqlMessage },
];
const sqlSyntax = [
  // Prisma's raw queries and transactions (the Unsafe and Typed ones too), on whatever client a file was handed.
  { selector: 'MemberExpression[property.name=/^\\$(queryRaw|executeRaw|transaction)/]', message: sqlMessage },
  { selector: "TaggedTemplateExpression[tag.object.name='Prisma'][tag.property.name='sql']", message: sqlMessage },
  // A WriteContext's own ways to Postgres: `tx` (Prisma's client, whose model queries hold no SQL text
  // to see) and `sql` and `rows` (whose text may come from elsewhere); PrismaService's `rows` too.
  { selector: "MemberExpression[property.name='tx']", message: sqlMessage },
  { selector: 'CallExpression > MemberExpression.callee[property.name=/^(sql|rows)$/]', message: sqlMessage },
  // SQL's text itself, however it reaches Postgres.
  { selector: 'TemplateElement[value.raw=/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\\s/]', message: sqlMessage },
  { selector: 'Literal[value=/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\\s/]', message: sqlMessage },
];

/** strictTypeChecked's settings for restrict-template-expressions: nothing but strings. */
const templateOptions = { allowAny: false, allowBoolean: false, allowNever: false, allowNullish: false, allowNumber: false, allowRegExp: false };

const clockMessage = 'libs/domain does not read the clock: time is passed in (a `now` argument).';

export default defineConfig(
  // node_modules/ is ignored by default. apps/api/src/generated/ is Prisma's generated client;
  // apps/kubectl-plugin/openapi/ the plugin's OpenAPI document and the types generated from it.
  globalIgnores(['dist/', 'coverage/', 'apps/api/src/generated/', 'apps/kubectl-plugin/openapi/']),

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // tsconfig.json covers apps, libs, test, bench, scripts and vitest.config.ts.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Numbers and bigints in messages are everywhere (counts, limits, indexes) and print fine;
      // undefined, null, booleans, objects and any in a template are still reported. (Options given
      // here replace strict's, and the rule's own defaults allow more, so every one is spelled out.)
      '@typescript-eslint/restrict-template-expressions': ['error', { ...templateOptions, allowNumber: true }],
      // Nest modules are empty classes carrying a @Module decorator.
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // `(error) => this.logger.warn(...)` callbacks are the house style for fire-and-forget handlers.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Nest's option types (NestApplicationContextOptions), our error-body DTOs and GraphQL object
      // types are classes that describe a shape and take object literals by design: all 25 reports.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // A leading underscore marks a parameter that must be there but is not read (e.g. GraphQL args
      // that the subscription's filter reads, `it.each` case names).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Validation reads raw JSON through the domain's types, which say a field is there before it
    // is checked; its `?? ''` guards are the point, not noise.
    files: ['libs/domain/src/validation/**/*.ts'],
    rules: { '@typescript-eslint/no-unnecessary-condition': 'off' },
  },
  {
    // GraphQL @InputType args arrive as class instances; resolvers spread them into plain objects on purpose.
    files: ['apps/api/src/faces/graphql/**/*.ts'],
    rules: { '@typescript-eslint/no-misused-spread': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read HTTP and GraphQL replies as `any` (light-my-request's reply.json(), gql()) and let
      // the assertions check the shape: 579 reports, all of them that; so is writing it.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Expected strings in tests spell out what null and undefined print ('a:null:null').
      '@typescript-eslint/restrict-template-expressions': ['error', { ...templateOptions, allowNumber: true, allowAny: true, allowNullish: true }],
      // With noUncheckedIndexedAccess, `rows[0]!` is how a test says "this must be there"; if it is not, the test fails.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `await t?.close()` in afterAll guards against a beforeAll that failed, which the types cannot say.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    // Plain JavaScript (scripts/*.js, this file): Node globals, no type information.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The domain library stays pure: no framework, no I/O, no clock.
    files: ['libs/domain/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: domainForbiddenImports }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: clockMessage },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
        { selector: "CallExpression[callee.name='Date']", message: clockMessage },
        { selector: "CallExpression[callee.object.name='performance'][callee.property.name='now']", message: clockMessage },
        { selector: 'ImportExpression', message: 'libs/domain loads no modules at run time: import them statically.' },
      ],
    },
  },
  {
    // The kubectl plugin is a client of the service's HTTP API, never of its code.
    files: ['apps/kubectl-plugin/**/*.{ts,js}'],
    plugins: { taintgate: { rules: { 'no-service-imports': noServiceImports } } },
    rules: { 'taintgate/no-service-imports': 'error' },
  },

  ...APP_TIERS.map((tier) => ({
    // The tiers' arrows (APP_TIERS above).
    files: [`apps/api/src/${tier}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: tierArrows(tier) }] },
  })),
  {
    // SQL only in stores (DATABASE_FILES above).
    files: ['apps/api/src/**/*.ts'],
    ignores: [...DATABASE_FILES, 'apps/api/src/generated/**', 'apps/api/src/main.ts', 'apps/api/src/apikeys.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: databaseImports }],
      'no-restricted-syntax': ['error', ...sqlSyntax],
    },
  },

  prettier,
);
