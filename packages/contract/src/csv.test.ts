import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvNumber } from './csv';

const hyperlink = '=HYPERLINK("http://x","y")';

describe('csvCell', () => {
  it('neutralizes text a spreadsheet would evaluate: a quote in front, the field quoted', () => {
    expect(csvCell(hyperlink)).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+54 11 5555')).toBe(`"'+54 11 5555"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('  =1+1')).toBe(`"'  =1+1"`);
    // typed text that looks like a number is still text
    expect(csvCell('-5')).toBe(`"'-5"`);
  });

  it('leaves ordinary text alone and quotes it only where a separator, a quote, a tab or a line break is', () => {
    expect(csvCell('Programa Abierto')).toBe('Programa Abierto');
    expect(csvCell('ana+1@example.com')).toBe('ana+1@example.com');
    expect(csvCell('Oro; anual')).toBe('"Oro; anual"');
    expect(csvCell('Oro, anual')).toBe('"Oro, anual"');
    expect(csvCell('Oro\tanual')).toBe('"Oro\tanual"');
    expect(csvCell('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvCell('dos\rlíneas')).toBe('"dos\rlíneas"');
    expect(csvCell(null)).toBe('');
  });

  it('writes the numbers we compute as numbers, negative ones included', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(csvNumber('-1234,56'))).toBe('-1234,56');
    expect(csvCell(csvNumber('12345.67'))).toBe('12345.67');
    expect(() => csvNumber(hyperlink)).toThrow();
    expect(() => csvNumber('-1e3')).toThrow();
    expect(() => csvCell(Number.NaN)).toThrow();
  });
});

describe('csvDocument', () => {
  it('is UTF-8 with a byte-order mark, CRLF rows and the separator asked for', () => {
    expect(
      csvDocument(
        [
          ['Concepto', 'Total'],
          [hyperlink, csvNumber('-10,00')],
        ],
        ';',
      ),
    ).toBe(`\uFEFFConcepto;Total\r\n"'=HYPERLINK(""http://x"",""y"")";-10,00\r\n`);
  });
});
