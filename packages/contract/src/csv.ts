/**
 * The one CSV writer for every file the product writes for a spreadsheet (the sales book, the
 * dashboard's figures; decision 0260). Text is never trusted: a cell that a spreadsheet would
 * read as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage return, also after
 * leading blanks) gets a single quote in front and is quoted (OWASP, CSV injection). Numbers we
 * compute are not text: pass them as `number` or, already formatted (a comma for decimals, a
 * fixed number of decimals), through `csvNumber`, and they are written as they are, so a credit
 * note's `-1234,56` stays a negative number in the accountant's sheet.
 */

const numberText = Symbol('csv number');

/** A number we formatted ourselves, e.g. `-1234,56`: written as is, never neutralized. */
export interface CsvNumber {
  readonly [numberText]: string;
}

export type CsvValue = string | number | CsvNumber | null | undefined;

const numericShape = /^-?\d+(?:[.,]\d+)?$/;

/** Marks `text` as a number we wrote; anything that is not plainly a number is refused. */
export function csvNumber(text: string): CsvNumber {
  if (!numericShape.test(text)) throw new Error(`not a number for a CSV cell: ${JSON.stringify(text)}`);
  return { [numberText]: text };
}

/** What a spreadsheet would start evaluating: = + - @ first (blanks before them too), tab or CR. */
const formulaStart = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * One cell: numbers as they are; text neutralized, and quoted when it holds a quote, a line break,
 * a tab or either separator (a spreadsheet set for Argentina splits a comma file at `;` too).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number for a CSV cell: ${value}`);
    return String(value);
  }
  if (typeof value === 'object') return value[numberText];
  const neutralized = formulaStart.test(value);
  const text = neutralized ? `'${value}` : value;
  const needsQuotes = neutralized || /[",;\t\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file: UTF-8 with a byte-order mark (spreadsheets then show the accents), rows ended by
 * CRLF (RFC 4180), cells joined by `separator` (`;` where an Argentine spreadsheet expects it).
 */
export function csvDocument(rows: readonly (readonly CsvValue[])[], separator: ',' | ';'): string {
  const lines = rows.map((row) => row.map(csvCell).join(separator));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
