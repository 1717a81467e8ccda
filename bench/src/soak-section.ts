import { existsSync, readFileSync } from 'node:fs';

/**
 * The "Sustained load" section lives in docs/performance.md between these two markers. `npm run
 * soak` writes it there (replacing the previous one, or appending it), and `npm run bench`, which
 * regenerates the whole file, carries it over from the file it replaces (report.ts).
 */
export const soakBegin = '<!-- soak:begin — written by `npm run soak`; `npm run bench` keeps it -->';
export const soakEnd = '<!-- soak:end -->';

/** The marked section of `text`, markers included, or null. */
export function soakSection(text: string): string | null {
  const begin = text.indexOf(soakBegin);
  const end = text.indexOf(soakEnd, begin);
  if (begin < 0 || end < 0) return null;
  return text.slice(begin, end + soakEnd.length);
}

/** `text` with `section` in place of its marked section, or appended at the end. */
export function withSoakSection(text: string, section: string): string {
  const current = soakSection(text);
  if (current) return text.replace(current, () => section);
  return `${text.trimEnd()}\n\n${section}\n`;
}

/**
 * For the bench: its freshly rendered report with the soak section of the file at `path` (the
 * report it is about to replace) carried over, so a bench run never drops the soak's figures.
 */
export function keepSoakSection(path: string, rendered: string): string {
  if (!existsSync(path)) return rendered;
  const section = soakSection(readFileSync(path, 'utf8'));
  return section ? withSoakSection(rendered, section) : rendered;
}
