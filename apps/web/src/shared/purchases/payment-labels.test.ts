import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format';
import { argentinaToday, installmentsLabel, paidInstallmentsLabel, withdrawalWindow } from './payment-labels';

describe('withdrawalWindow', () => {
  it('is open through its last day (Argentina), closed after it, none without a date or once withdrawn', () => {
    const payment = { withdrawableUntil: '2026-11-30', revocationCode: null };
    expect(withdrawalWindow(payment, '2026-11-30')).toBe('open');
    expect(withdrawalWindow(payment, '2026-12-01')).toBe('closed');
    expect(withdrawalWindow({ withdrawableUntil: null, revocationCode: null }, '2026-11-01')).toBe('none');
    expect(withdrawalWindow({ ...payment, revocationCode: 'ARR-ABCDEF' }, '2026-11-01')).toBe('none');
  });

  it('counts days in Buenos Aires: 01:00 UTC is still the day before there', () => {
    expect(argentinaToday(new Date('2026-12-01T01:00:00Z'))).toBe('2026-11-30');
    expect(argentinaToday(new Date('2026-12-01T04:00:00Z'))).toBe('2026-12-01');
  });

  it('says installments in Spanish', () => {
    expect(installmentsLabel(1)).toBe('1 pago');
    expect(installmentsLabel(6)).toBe('6 cuotas');
  });

  it('states what she paid as the checkout, the mail and the receipt do (total, each cuota)', () => {
    const paid = (installments: number, amount: number, totalPaid: number, installmentAmount: number) =>
      paidInstallmentsLabel({ installments, amount, totalPaid, installmentAmount }, formatMoney);
    const $ = (text: string) => text.replaceAll('$ ', '$\u00a0');
    expect(paid(1, 8_900_000, 8_900_000, 8_900_000)).toBe($('1 pago de $ 89.000'));
    expect(paid(3, 8_900_000, 8_900_000, 2_966_667)).toBe(
      $('3 cuotas sin interés de $ 29.666,67 (total $ 89.000)'),
    );
    expect(paid(6, 8_900_000, 10_680_000, 1_780_000)).toBe($('6 cuotas de $ 17.800 (total $ 106.800)'));
  });
});
