/**
 * The web app's floors (decision 0200, docs/architecture.md "Web"), checked by `npm run check`
 * (`npm run floors -w apps/web`):
 *
 *   app/  (router, providers, the shell)
 *    → features/<name>/  (one feature per folder; never another feature)
 *    → shared/  (what several features use: checkout and payment forms, course cards, …)
 *    → lib/ and ui/
 *
 * Type-only imports count: they couple a file to another as much as a value does. A lazy route's
 * chunk may be named by a dynamic import() of its page from shared/ (prefetching a course page
 * when a card shows intent loads the same chunk the router loads); nothing else crosses a floor.
 */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment: 'A feature never imports another feature: move what both use to src/shared/ (see its README).',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-to-feature',
      comment: 'src/shared/ sits below the features: it never imports one (a page chunk by import() aside).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/features/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'shared-to-feature-code',
      comment:
        'A dynamic import() from src/shared/ may name a route page (its chunk), nothing else of a feature.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/features/', pathNot: '^src/features/[^/]+/[^/]+-page\\.tsx$' },
    },
    {
      name: 'up-to-app',
      comment: 'Only main.tsx and app/ itself import app/ (the router, providers and shell sit on top).',
      severity: 'error',
      from: { path: '^src/(features|shared|lib|ui|styles|test)/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'lib-ui-up',
      comment: 'lib/ and ui/ are the ground floor: they import neither features nor shared/.',
      severity: 'error',
      from: { path: '^src/(lib|ui)/' },
      to: { path: '^src/(features|shared)/' },
    },
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.css'] },
  },
};
