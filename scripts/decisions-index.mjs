// Rebuilds docs/decisions/README.md's table from the decision files (`NNNN-title.md`, first line
// `# NNNN. Title`, a `Status:` line). With --check it only fails when the index is out of date or
// a file breaks the format, so `npm run check` keeps the index true.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, '..', 'docs', 'decisions');
const indexFile = path.join(dir, 'README.md');
const problems = [];
const rows = [];
for (const file of readdirSync(dir).sort()) {
  if (file === 'README.md') continue;
  const match = /^(\d{4})-[a-z0-9-]+\.md$/.exec(file);
  if (!match) {
    problems.push(`${file}: name is not NNNN-short-title.md`);
    continue;
  }
  const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
  const title = new RegExp(`^# ${match[1]}\\. (.+)$`).exec(lines[0] ?? '');
  if (!title) problems.push(`${file}: first line is not "# ${match[1]}. Title"`);
  const status = lines.slice(1, 6).find((line) => line.startsWith('Status: '));
  if (!status) problems.push(`${file}: no "Status:" line near the top`);
  const replaced = status && /replaced by/i.test(status) ? ` (${status.slice(8).trim()})` : '';
  rows.push(`| ${match[1]} | [${title ? title[1] : file}](${file})${replaced} |`);
}
const current = readFileSync(indexFile, 'utf8');
const tableStart = current.indexOf('| # | decision |');
const next = `${current.slice(0, tableStart)}| # | decision |\n|---|---|\n${rows.join('\n')}\n`;
if (process.argv.includes('--check')) {
  if (next !== current)
    problems.push('docs/decisions/README.md is out of date: run `node scripts/decisions-index.mjs`');
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
} else {
  writeFileSync(indexFile, next);
  if (problems.length) console.error(problems.join('\n'));
}
