import { describe, expect, it } from 'vitest';
import { invoiceDocumentOf } from './invoice-document-field';

describe('the optional DNI for the invoice', () => {
  it('is optional, takes dots and spaces away and wants 7 or 8 digits', () => {
    expect(invoiceDocumentOf('')).toEqual({ document: null, error: null });
    expect(invoiceDocumentOf('  ')).toEqual({ document: null, error: null });
    expect(invoiceDocumentOf('30.123.456')).toEqual({ document: '30123456', error: null });
    expect(invoiceDocumentOf('5 123 456')).toEqual({ document: '5123456', error: null });
    for (const wrong of ['123', '301234567', '0123456', '30-123-456', 'abc']) {
      expect(invoiceDocumentOf(wrong)).toEqual({
        document: null,
        error: 'Ingresá tu DNI: 7 u 8 números, sin puntos.',
      });
    }
  });
});
