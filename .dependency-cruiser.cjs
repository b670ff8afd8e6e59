/**
 * The import boundaries of the repository (docs/architecture.md §2). Checked by scripts/boundaries.test.ts in
 * `npm test`; `npx depcruise apps packages system-tests e2e bench scripts` shows the same report by hand.
 */
const tests = '(\\.test\\.tsx?$|/testing/|/testing[^/]*\\.ts$|/test/)';
const demoSeeding = '(/modules/demo/|/seed\\.ts$|/seeds?/|/demo-seeder\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'app-imports-another-app',
      comment: 'Apps talk over HTTP; a suite that needs several apps lives in system-tests/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'code-imports-system-tests',
      comment: 'system-tests/ uses the apps and packages, never the other way round.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { path: '^system-tests/' },
    },
    {
      name: 'package-imports-an-app',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'widget-imports-server-code',
      comment: "The widget runs in the buyer's browser.",
      severity: 'error',
      from: { path: '^packages/checkout/src/' },
      to: {
        path: '^(packages/(service-kit|catalog-data)/|node_modules/(fastify|@fastify|pg|pg-boss|@electric-sql|drizzle-orm|pino)/)',
      },
    },
    {
      name: 'service-kit-imports-a-domain-package',
      comment: 'service-kit is plumbing only.',
      severity: 'error',
      from: { path: '^packages/service-kit/' },
      to: { path: '^packages/(contracts|catalog-data|checkout)/' },
    },
    {
      name: 'production-code-imports-demo-data',
      comment:
        'Only seeding and tests read the demo world; reference data comes from the service that owns it.',
      severity: 'error',
      from: {
        path: '^(apps|packages)/[^/]+/src/',
        pathNot: `${tests}|${demoSeeding}|^packages/catalog-data/`,
      },
      to: { path: '^packages/catalog-data/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.next|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
