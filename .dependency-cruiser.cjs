// The code's shape, checked by `npm run lint:deps` (part of `npm test`). docs/architecture.md explains
// each rule; a rule's name is what a violation prints.

// Test code: test files, test helpers and fixtures. Production code never imports them.
const TEST = '(\\.test\\.tsx?$|\\.e2e\\.ts$|/test/|/e2e/|/test-[^/]+$|fixtures?\\.tsx?$|test-utils\\.tsx?$|\\.cases\\.ts$|^bench/)';
const SERVER_AREAS = '^apps/server/src/areas/';
const WEB_AREAS = '^apps/web/src/areas/';
// Areas split into parts (areas/<area>/{core,<part>,…}); every other area is one folder. An area that
// grows parts is added here, so the rules between its parts apply.
const WITH_PARTS = '(surveys|school|teaching|pay|forms)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Files import each other in a loop. Move what both need into a third file (the area core/).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Two folders import each other (through any files). Move what both need into core/ or make one side the public face.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'Only *.repository.ts files (and db/, seed/, tests, bench) import drizzle-orm or the table schema. Put the query in a repository.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['\\.repository\\.ts$', '^apps/server/src/db/', '^apps/server/src/seed/', TEST] },
      to: { path: ['node_modules/drizzle-orm/', '^apps/server/src/db/schema/'] },
    },
    {
      name: 'server-area-cross-import',
      comment: "An area imports another area's internals. Use its public face: a *.service.ts (or access.ts).",
      severity: 'error',
      from: { path: `${SERVER_AREAS}([^/]+)/`, pathNot: TEST },
      to: { path: SERVER_AREAS, pathNot: [`${SERVER_AREAS}$1/`, '\\.service\\.ts$', '/access\\.ts$'] },
    },
    {
      name: 'server-part-cross-import',
      comment: "A part of an area imports another part's internals. Import the area's core/, or the other part's *.service.ts.",
      severity: 'error',
      from: { path: `${SERVER_AREAS}${WITH_PARTS}/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${SERVER_AREAS}$1/[^/]+/`,
        pathNot: [`${SERVER_AREAS}$1/$2/`, `${SERVER_AREAS}$1/core/`, '\\.service\\.ts$', '/access\\.ts$'],
      },
    },
    {
      name: 'core-imports-no-part',
      comment: "An area's core/ is what its parts share: it imports none of them.",
      severity: 'error',
      from: { path: '^apps/(server|web)/src/areas/([^/]+)/core/' },
      to: { path: '^apps/$1/src/areas/$2/', pathNot: '^apps/$1/src/areas/$2/(core/|[^/]+\\.tsx?$)' },
    },
    {
      name: 'server-shared-layers-import-no-area',
      comment: 'lib/, plugins/ and db/ serve every area and import none (nor app.ts / routes.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|plugins|db)/', pathNot: TEST },
      to: { path: ['^apps/server/src/areas/', '^apps/server/src/(app|routes)\\.ts$'] },
    },
    {
      name: 'server-area-imports-no-app',
      comment: 'Areas are registered by app.ts / routes.ts, never the reverse.',
      severity: 'error',
      from: { path: SERVER_AREAS },
      to: { path: '^apps/server/src/(app|routes|main)\\.ts$' },
    },
    {
      name: 'web-area-cross-import',
      comment: "A web area imports another area's internals. Import its public.ts (or its part's public.ts).",
      severity: 'error',
      from: { path: `${WEB_AREAS}([^/]+)/`, pathNot: TEST },
      to: {
        path: WEB_AREAS,
        pathNot: [`${WEB_AREAS}$1/`, `${WEB_AREAS}[^/]+/public\\.ts$`, `${WEB_AREAS}[^/]+/[^/]+/public\\.ts$`],
      },
    },
    {
      name: 'web-part-cross-import',
      comment: "A part of an area imports another part's internals. Import the area's core/, or the other part's public.ts.",
      severity: 'error',
      from: { path: `${WEB_AREAS}${WITH_PARTS}/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${WEB_AREAS}$1/[^/]+/`,
        pathNot: [`${WEB_AREAS}$1/$2/`, `${WEB_AREAS}$1/core/`, `${WEB_AREAS}$1/[^/]+/public\\.ts$`],
      },
    },
    {
      name: 'web-shared-layers-import-no-area',
      comment: 'lib/ and components/ serve every area and import none (nor app/).',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/', pathNot: TEST },
      to: { path: '^apps/web/src/(areas|app)/' },
    },
    {
      name: 'web-area-imports-no-app',
      comment: 'app/ (router, shell, registries) puts the areas together; an area never imports it.',
      severity: 'error',
      from: { path: WEB_AREAS },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is used by both apps and imports neither.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Test code is left out of this graph (a test may import anything); .dependency-cruiser.tests.cjs
    // checks that production code never imports it.
    exclude: { path: ['/dist/', '\\.data', '/migrations/', TEST] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
// For .dependency-cruiser.tests.cjs (not enumerable: the configuration's schema allows no extra keys).
Object.defineProperty(module.exports, 'TEST', { value: TEST });
