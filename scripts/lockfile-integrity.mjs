#!/usr/bin/env node
/**
 * The half of `npm run lint:lockfile` that lockfile-lint leaves out: every package installed from
 * the registry has a sha512 integrity hash in package-lock.json (lockfile-lint checks the type of
 * the hashes present, not that each one is there). Workspace links have none and need none.
 * This repository's .npmrc omits the `resolved` URLs, so npm ci fetches from the configured
 * registry and the hash is what pins each tarball.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

let checked = 0;
const missing = [];
for (const [key, entry] of Object.entries(lock.packages ?? {})) {
  if (!key.includes('node_modules/') || entry.link) continue;
  checked += 1;
  if (typeof entry.integrity !== 'string' || !/^sha512-[A-Za-z0-9+/]+=*$/.test(entry.integrity))
    missing.push(key);
}
for (const key of missing) console.error(`  no sha512 integrity: ${key}`);
process.stdout.write(
  `lint:lockfile: ${checked} registry packages, ${missing.length} without a sha512 integrity hash\n`,
);
if (missing.length > 0) process.exitCode = 1;
