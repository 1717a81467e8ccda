// Prints the first-load JavaScript (gzip) of each route page: the entry chunk, its static imports
// and the page's chunk with its static imports. Run after `vite build --manifest`.
// Usage: node scripts/route-size.mjs [dist]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = closure(entryKey);
const pages = Object.keys(manifest).filter((k) => /-page\.tsx$|data-layout\.tsx$/.test(k));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const entrySize = [...entryFiles].reduce((sum, f) => sum + gz(f), 0);
process.stdout.write(`entry (${[...entryFiles].join(', ')}): ${kb(entrySize)} gzip\n`);
for (const page of pages) {
  const files = closure(page, new Set(entryFiles));
  const total = [...files].reduce((sum, f) => sum + gz(f), 0);
  process.stdout.write(`${page.padEnd(44)} ${kb(total)} first load (page part ${kb(total - entrySize)})\n`);
}
