// Counts the import lines by which one web feature reaches into another (apps/web/src/features/<a>
// importing apps/web/src/features/<b>): static imports and re-exports, side-effect imports, dynamic
// import() and the tests' vi.mock()/importActual() paths. Prints the total, the feature pairs and,
// with --list, every line. The boundary itself is enforced by dependency-cruiser
// (apps/web/.dependency-cruiser.cjs, in `npm run check`); this is the measure written in decision 0200.
// Usage: node apps/web/scripts/cross-feature-imports.mjs [--list]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const features = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/features');
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(file);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [file] : [];
  });
const featureOf = (file) => {
  const relative = path.relative(features, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};
const specifier =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*|importActual(?:<[^>]*>)?\(\s*|@import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

const lines = [];
for (const file of files(features)) {
  const own = featureOf(file);
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(specifier)) {
        const target = featureOf(path.resolve(path.dirname(file), match[1]));
        if (target && target !== own) {
          lines.push({
            from: own,
            to: target,
            where: `${path.relative(features, file)}:${index + 1}`,
            spec: match[1],
          });
        }
      }
    });
}

const pairs = new Map();
for (const line of lines) {
  const key = `${line.from} -> ${line.to}`;
  pairs.set(key, (pairs.get(key) ?? 0) + 1);
}
process.stdout.write(`cross-feature import lines: ${lines.length} across ${pairs.size} feature pairs\n`);
for (const [pair, count] of [...pairs].sort((a, b) => b[1] - a[1])) {
  process.stdout.write(`  ${String(count).padStart(3)}  ${pair}\n`);
}
if (process.argv.includes('--list')) {
  for (const line of lines) process.stdout.write(`${line.where}  ${line.spec}\n`);
}
