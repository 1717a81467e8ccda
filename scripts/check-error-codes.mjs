// Every internalCode the API throws or answers, and every one the web or a test compares, is in
// the error catalogue (packages/contract/src/errors.ts, decision 0310) — with, where a throw site
// writes its status, one of the catalogue's statuses for it. TypeScript already refuses an
// unknown code in `new AppError(…)` and in a comparison with `ApiError.internalCode`; this also
// reads the places types do not reach: object literals (`{ internalCode: 'X' }`), a status written
// as a number, state objects' `.code === 'X'`, and the tests' expectations.
// Usage: node --import tsx scripts/check-error-codes.mjs [--list]   (--list prints every code found)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
// The web's own tests and the browser tests fake answers with made-up codes on purpose (a server
// that says something the web does not know); the API's tests are read, and every source file.
const scanned = ['apps/api/src', 'apps/api/test', 'apps/web/src', 'packages/contract/src'];
// This check's own tests write unknown codes on purpose too.
const ownTests = new Set(['packages/contract/src/errors.test.ts', 'apps/api/src/errors.test.ts']);
const skipped = (file) => ownTests.has(file) || (file.startsWith('apps/web/') && /\.test\.tsx?$/.test(file));

const code = "'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'";
/** Where a quoted upper-case word is an error code, and the group holding it (and the status). */
const patterns = [
  // new AppError('X', 409, …) and AppError.of('X')
  { re: new RegExp(String.raw`new AppError\(\s*${code}\s*,\s*(\d{3})?`, 'g'), status: 2 },
  { re: new RegExp(String.raw`AppError\.of\(\s*${code}`, 'g') },
  // the uploads' refusals: refuse(415, 'X', …)
  { re: new RegExp(String.raw`\brefuse\(\s*(\d{3})\s*,\s*${code}`, 'g'), status: 1, name: 2 },
  // { internalCode: 'X' }, internalCode === 'X', internalCode).toBe('X')
  { re: new RegExp(String.raw`internalCode\??\)?\s*(?::|===|!==)\s*${code}`, 'g') },
  { re: new RegExp(String.raw`internalCode\)\.(?:toBe|toEqual)\(\s*${code}`, 'g') },
  { re: new RegExp(String.raw`${code}\s*(?:===|!==)\s*[\w.?]*internalCode\b`, 'g') },
  // the web's error states: error.code === 'X', codeOf(failure) === 'X'
  // (only in the web: elsewhere `.code` is Node's, ENOENT and the like)
  { re: new RegExp(String.raw`\.code\s*(?:===|!==)\s*${code}`, 'g'), web: true },
  { re: new RegExp(String.raw`codeOf\([^)]*\)\s*(?:===|!==)\s*${code}`, 'g'), web: true },
];

/**
 * The codes a source uses that the catalogue does not hold, and throw sites whose written status
 * is not one of the code's statuses. `known` maps each code to its statuses (empty: any status,
 * for the web's own codes).
 */
export function findProblems(file, text, known) {
  const problems = [];
  const found = [];
  for (const { re, status, name: nameGroup = 1, web } of patterns) {
    if (web && !file.startsWith('apps/web/')) continue;
    re.lastIndex = 0;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      const name = match[nameGroup];
      const line = text.slice(0, match.index).split('\n').length;
      found.push(name);
      const statuses = known.get(name);
      if (!statuses) problems.push(`${file}:${line}: ${name} is not in the error catalogue`);
      else if (status && match[status] && statuses.length && !statuses.includes(Number(match[status])))
        problems.push(
          `${file}:${line}: ${name} is thrown with ${match[status]}; the catalogue says ${statuses.join(' or ')}`,
        );
    }
  }
  return { problems, found };
}

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sources(full);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

export async function knownCodes() {
  const { errorCatalogue, clientErrorCodes, statusesOf } = await import('../packages/contract/src/errors.ts');
  const known = new Map(Object.keys(errorCatalogue).map((name) => [name, statusesOf(name)]));
  for (const name of clientErrorCodes) known.set(name, []);
  return known;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const known = await knownCodes();
  const problems = [];
  const used = new Set();
  for (const dir of scanned) {
    for (const file of sources(path.join(root, dir))) {
      if (skipped(path.relative(root, file))) continue;
      const result = findProblems(path.relative(root, file), readFileSync(file, 'utf8'), known);
      problems.push(...result.problems);
      for (const name of result.found) used.add(name);
    }
  }
  if (process.argv.includes('--list')) process.stdout.write(`${[...used].sort().join('\n')}\n`);
  if (problems.length) {
    process.stderr.write(
      `${problems.join('\n')}\n\n${problems.length} problem(s): add the code to errorCatalogue in packages/contract/src/errors.ts (shared file: lock), or use one it has.\n`,
    );
    process.exit(1);
  }
  const own = [...known.values()].filter((statuses) => statuses.length === 0).length;
  process.stdout.write(
    `error codes: ${known.size - own} in the catalogue (+${own} of the web's own), ${used.size} used, none unknown.\n`,
  );
}
