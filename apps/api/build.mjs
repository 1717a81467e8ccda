// Bundles the API (and the workspace packages it imports as TypeScript) into dist/server.js.
// npm dependencies stay external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const sandboxPkg = JSON.parse(readFileSync(new URL('../sandbox/package.json', import.meta.url), 'utf8'));
const workspace = (name) => name.startsWith('@alcancia/');
const external = Object.keys(pkg.dependencies).filter((name) => !workspace(name));
const sandboxExternal = [
  ...external,
  ...Object.keys(sandboxPkg.dependencies ?? {}),
  ...Object.keys(sandboxPkg.devDependencies ?? {}),
  '@alcancia/sandbox',
];

// The local stand-ins (apps/sandbox) are loaded by one dynamic import outside production
// (src/providers/sandbox.ts). They get a bundle of their own, dist/dev/sandbox.js, that the
// production image leaves out; the server's bundle only names it.
const sandboxApart = {
  name: 'sandbox-apart',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@alcancia\/sandbox$/ }, () => ({
      path: './dev/sandbox.js',
      external: true,
    }));
  },
};

// npm run bench bundles into dist/bench/ (API_BUILD_OUTFILE) so it never rewrites the bundle
// another run may be starting.
const outfile = process.env.API_BUILD_OUTFILE ?? 'dist/server.js';

// OpenTelemetry's preload (src/telemetry.ts), loaded only when asked for:
// NODE_OPTIONS=--import=./apps/api/dist/telemetry.js (docs/operations.md, "Tracing").
await build({
  entryPoints: ['src/telemetry.ts'],
  outfile: path.join(path.dirname(outfile), 'telemetry.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  logLevel: 'warning',
});

await build({
  entryPoints: ['../sandbox/src/index.ts'],
  outfile: path.join(path.dirname(outfile), 'dev', 'sandbox.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: sandboxExternal.filter((name) => name !== '@alcancia/sandbox'),
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

await build({
  entryPoints: ['src/server.ts'],
  outfile,
  plugins: [sandboxApart],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  // CommonJS dependencies call require(); give the ESM bundle one. The alias cannot clash with a
  // bundled module that imports createRequire itself.
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
