// The design system's classes belong to apps/web/src/ui/: features compose Button, ButtonLink,
// Card, Badge, Tabs, Banner, Dialog (DialogBody, DialogActions) and the fields, and never write
// those components' classes by hand in a className (decision 0210). Fails on a raw class outside
// ui/, except in the files of PENDING, each with its exact count (the list only shrinks: a file
// that got cleaner fails too until its line is lowered or removed).
// Retired hand-made look-alikes (RETIRED: the back office's `admin-small-button`) are refused
// everywhere, in a className and as a CSS selector: their controls are ui/ Buttons now.
// Usage: node scripts/check-ui-classes.mjs [--list]   (--list prints every hit and the counts)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const src = path.join(root, 'apps', 'web', 'src');

/** the classes the ui/ components emit */
export const componentClasses = new Set([
  ...['button', 'link-button', 'button-spinner', 'file-button-input'],
  ...['primary', 'secondary', 'ghost', 'danger', 'small', 'large', 'block', 'compact'].map(
    (x) => `button-${x}`,
  ),
  ...['card', 'card-media', 'card-body', 'card-title', 'card-footer', 'card-interactive', 'card-padded'],
  ...['badge', ...['neutral', 'primary', 'accent', 'success', 'warning', 'danger'].map((x) => `badge-${x}`)],
  ...['alert', ...['info', 'success', 'warning', 'error', 'title', 'action'].map((x) => `alert-${x}`)],
  ...['tabs', 'tabs-list', 'tabs-tab', 'tabs-panel'],
  ...['combobox', 'combobox-chosen', 'combobox-chip', 'combobox-remove', 'combobox-none', 'combobox-list'],
  ...['combobox-option', 'combobox-option-active', 'combobox-check', 'combobox-detail', 'combobox-anchor'],
  ...['dialog', ...['panel', 'header', 'title', 'close', 'body', 'actions'].map((x) => `dialog-${x}`)],
  ...[
    'field',
    ...['label', 'box', 'input', 'select', 'hint', 'error', 'invalid', 'toggle'].map((x) => `field-${x}`),
  ],
]);

/**
 * Classes that copied a component's look by hand and were replaced by it (decision 0210): the
 * content editor's small buttons and file labels are Button and FileButton in the compact density.
 */
export const retiredClasses = new Set(['admin-small-button']);

/**
 * Files not converted yet, with how many raw component classes each still writes. Empty when
 * every feature composes ui/.
 */
const PENDING = {};

/**
 * The string literals of a JavaScript expression starting at `i` (up to its closing brace when
 * `depth` starts at 1), template parts and strings inside `${…}` included; returns where it ended.
 */
function lexStrings(text, i, found, stopAtBrace) {
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0 && stopAtBrace) return i;
      depth--;
      if (depth === 0 && !stopAtBrace) return i;
    } else if (c === '"' || c === "'") {
      const start = i;
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      found.push({ at: start, value: text.slice(start + 1, i) });
    } else if (c === '`') {
      let part = i + 1;
      for (i++; i < text.length && text[i] !== '`'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '$' && text[i + 1] === '{') {
          found.push({ at: part, value: text.slice(part, i) });
          i = lexStrings(text, i + 2, found, true);
          part = i + 1;
        }
      }
      found.push({ at: part, value: text.slice(part, i) });
    }
  }
  return i;
}

/** the string parts of every className="…" / className={…} in a file's text */
export function classNameStrings(text) {
  const found = [];
  const re = /className=/g;
  for (let match = re.exec(text); match; match = re.exec(text)) {
    const i = match.index + match[0].length;
    if (text[i] === '"' || text[i] === "'") {
      found.push({ at: i, value: text.slice(i + 1, text.indexOf(text[i], i + 1)) });
    } else if (text[i] === '{') {
      lexStrings(text, i, found, false);
    }
  }
  return found;
}

export function rawClasses(text) {
  const hits = [];
  for (const { at, value } of classNameStrings(text)) {
    for (const token of value.split(/\s+/)) {
      if (componentClasses.has(token)) {
        hits.push({ line: text.slice(0, at).split('\n').length, token });
      }
    }
  }
  return hits;
}

/** retired classes in a file: in a className string (.tsx, .ts) or as a selector (.css) */
export function retiredHits(text, isCss) {
  const hits = [];
  const lineOf = (at) => text.slice(0, at).split('\n').length;
  if (isCss) {
    for (const name of retiredClasses) {
      const re = new RegExp(`\\.${name}(?![\\w-])`, 'g');
      for (let match = re.exec(text); match; match = re.exec(text)) {
        hits.push({ line: lineOf(match.index), token: name });
      }
    }
    return hits;
  }
  for (const { at, value } of classNameStrings(text)) {
    for (const token of value.split(/\s+/)) {
      if (retiredClasses.has(token)) hits.push({ line: lineOf(at), token });
    }
  }
  return hits;
}

function* files(dir, pattern = /\.tsx?$/, skipUi = true) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipUi || full !== path.join(src, 'ui')) yield* files(full, pattern, skipUi);
    } else if (pattern.test(entry.name)) yield full;
  }
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const list = process.argv.includes('--list');
  const problems = [];
  const byFeature = new Map();
  const scanned = new Set();
  let total = 0;
  for (const file of files(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    scanned.add(rel);
    const hits = rawClasses(readFileSync(file, 'utf8'));
    const allowed = PENDING[rel] ?? 0;
    total += hits.length;
    if (hits.length) {
      const feature = rel
        .split('/')
        .slice(0, rel.startsWith('features/') ? 2 : 1)
        .join('/');
      byFeature.set(feature, (byFeature.get(feature) ?? 0) + hits.length);
    }
    if (list) for (const hit of hits) process.stdout.write(`${rel}:${hit.line} ${hit.token}\n`);
    if (hits.length > allowed) {
      const shown = hits.map((hit) => `${hit.line} ${hit.token}`).join(', ');
      problems.push(`${rel}: ${hits.length} raw design-system classes (allowed ${allowed}): ${shown}`);
    } else if (hits.length < allowed) {
      problems.push(`${rel}: ${hits.length} raw classes, PENDING says ${allowed}: lower it`);
    }
  }
  for (const file of files(src, /\.(tsx?|css)$/, false)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    const hits = retiredHits(readFileSync(file, 'utf8'), file.endsWith('.css'));
    if (list) for (const hit of hits) process.stdout.write(`${rel}:${hit.line} ${hit.token} (retired)\n`);
    if (hits.length) {
      const shown = hits.map((hit) => `${hit.line} ${hit.token}`).join(', ');
      problems.push(`${rel}: retired classes (use Button or FileButton, size "compact"): ${shown}`);
    }
  }
  for (const rel of Object.keys(PENDING)) {
    if (!scanned.has(rel))
      problems.push(`${rel}: in PENDING but not found (moved or removed): update PENDING`);
  }
  if (list) {
    for (const [feature, count] of [...byFeature].sort((a, b) => b[1] - a[1])) {
      process.stdout.write(`${String(count).padStart(4)} ${feature}\n`);
    }
    process.stdout.write(
      `${total} raw design-system classes outside ui/ (${Object.keys(PENDING).length} files pending)\n`,
    );
  }
  if (problems.length) {
    process.stderr.write(
      `check-ui-classes: compose the ui/ components instead of their classes:\n${problems.join('\n')}\n`,
    );
    process.exit(1);
  }
}
