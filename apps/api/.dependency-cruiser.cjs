/**
 * The API's floors (decision 0290, docs/architecture.md "Module floors"), checked by `npm run check`
 * (`npm run floors -w apps/api`):
 *
 *   composition: app.ts, server.ts, boot.ts, cli/, demo/ (wire every module together)
 *    → modules/<name>/, each on a floor of `moduleFloors` below: a module imports only modules on
 *      LOWER floors, never one on its own floor or above (so no two modules import each other and
 *      no cycle runs through modules)
 *    → plugins/, providers/ (Fastify plugins, outside-world adapters: no module)
 *    → db/, lib/, config.ts, errors.ts, telemetry.ts (the ground: no module, no plugin)
 *
 * Type-only imports count; tests are not checked.
 */

/** Top to bottom. Modules on one floor do not import each other. */
const moduleFloors = [
  ['admin', 'bootstrap', 'dev', 'health'],
  [
    'account',
    'programs',
    'guest-memberships',
    'withdrawals',
    'certificates',
    'community',
    'shop-window',
    'aladina',
    'news',
    'pfm',
  ],
  ['reminders'],
  ['subscriptions'],
  ['entitlements'],
  ['payments'],
  ['invoices'],
  ['promo-codes'],
  ['academy'],
  ['files'],
  ['auth'],
  ['service-control', 'remote-config'],
  ['metrics'],
  ['jobs'],
];

const modulePath = (names) => `^src/modules/(${names.join('|')})/`;

const floorRules = moduleFloors.flatMap((floor, index) => {
  const notBelow = moduleFloors.slice(0, index + 1).flat();
  return floor.map((name) => ({
    name: `floor-${name}`,
    comment: `modules/${name} sits on floor ${index + 1} of ${moduleFloors.length}: it imports only modules below it (apps/api/.dependency-cruiser.cjs).`,
    severity: 'error',
    from: { path: `^src/modules/${name}/` },
    to: { path: modulePath(notBelow.filter((other) => other !== name)) },
  }));
});

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'module-not-on-a-floor',
      comment:
        'Every folder of src/modules/ has a floor: add it to moduleFloors in apps/api/.dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: '^src/modules/' },
      to: { path: `^src/modules/(?!(${moduleFloors.flat().join('|')})/)` },
    },
    {
      name: 'adapters-below-modules',
      comment: 'plugins/ and providers/ serve every module: they import none (the composition wires them).',
      severity: 'error',
      from: { path: '^src/(plugins|providers)/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'ground-floor',
      comment:
        'db/, lib/, config.ts, errors.ts and telemetry.ts are the ground: no module, plugin or provider.',
      severity: 'error',
      from: { path: '^src/(db|lib)/|^src/(config|errors|telemetry)\\.ts$' },
      to: { path: '^src/(modules|plugins|providers)/' },
    },
    {
      name: 'nothing-imports-the-composition',
      comment: 'app.ts, server.ts, boot.ts, cli/ and demo/ sit on top: nothing below imports them.',
      severity: 'error',
      from: { path: '^src/(modules|plugins|providers|db|lib)/' },
      to: { path: '^src/(app|server|boot|cluster-primary)\\.ts$|^src/(cli|demo)/' },
    },
  ],
  options: {
    includeOnly: '^src/',
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
