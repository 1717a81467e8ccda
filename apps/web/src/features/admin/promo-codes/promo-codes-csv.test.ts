import type { CreatePromoCodesResponse } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { promoCodesCsv } from './promo-codes-page';

describe('the promo codes file', () => {
  it('is written by the one CSV writer: a header, one code a row, and a cell a spreadsheet would run neutralized', () => {
    const batch = {
      batchId: 'lote-1',
      codes: [{ code: 'AMIGAS-ABCD2345' }, { code: '=HYPERLINK("http://x","y")' }],
    } as unknown as CreatePromoCodesResponse;
    const rows = promoCodesCsv(batch)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(rows).toEqual(['codigo', 'AMIGAS-ABCD2345', `"'=HYPERLINK(""http://x"",""y"")"`, '']);
  });
});
