import { readFileSync } from 'node:fs';
// A namespace import: the API bundle's banner already declares a top-level `createRequire`.
import * as nodeModule from 'node:module';
import type { FastifyInstance } from 'fastify';

// The `window.MercadoPago` stand-in. Resolved through the package's own exports rather than a path
// next to this module, because the API bundles this code into its dist/ where no such file exists.
const scriptPath = nodeModule.createRequire(import.meta.url).resolve('@alcancia/sandbox/mercadopago-v2.js');

export function registerBrowserScriptRoute(app: FastifyInstance): void {
  const source = readFileSync(scriptPath, 'utf8');
  app.get('/js/v2', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      // Loadable by a page on another origin (the app) when the emulator runs standalone.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(source),
  );
}
