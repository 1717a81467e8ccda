import { describe, expect, it } from 'vitest';
import { refusalField, refusalMessage } from './refusal-messages';

describe('a refusal next to its card field (decision 76)', () => {
  it('points a wrong security code or expiry at its field; other reasons at none', () => {
    expect(refusalField('FILLED_SECURITY_CODE')).toBe('securityCode');
    expect(refusalField('FILLED_DATE')).toBe('expiry');
    expect(refusalField('INSUFFICIENT_AMOUNT')).toBeNull();
    expect(refusalField(null)).toBeNull();
    expect(refusalMessage('FILLED_DATE')).toMatch(/fecha de vencimiento/);
  });
});
