import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API runs from `src/` (tsx, vitest) and from the bundled `dist/server.js`; both live under
 * apps/api, at different depths. Walk up to the package root once instead of guessing `../..`.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('No se encontró la raíz de apps/api');
    dir = parent;
  }
  return dir;
}

export const apiRoot = findApiRoot();
export const migrationsDir = path.join(apiRoot, 'src/db/migrations');
export const defaultWebDistDir = path.resolve(apiRoot, '../web/dist');
