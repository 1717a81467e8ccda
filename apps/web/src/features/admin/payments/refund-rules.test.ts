import { describe, expect, it } from 'vitest';
import { paymentStatusLabel, refundReasonText } from './payment-status';
import { refundOutcomeText, refundPlan } from './refund-rules';

describe('"Devolver"', () => {
  it('empty means everything left, and a full refund ends her access unless unchecked', () => {
    expect(refundPlan('', 10_000, null)).toEqual({
      amount: 10_000,
      full: true,
      endsAccess: true,
      error: null,
    });
    expect(refundPlan('  ', 10_000, false)).toMatchObject({ full: true, endsAccess: false });
  });

  it('a part keeps her access unless checked; typing all that is left is a full refund', () => {
    expect(refundPlan('25,50', 10_000, null)).toEqual({
      amount: 2_550,
      full: false,
      endsAccess: false,
      error: null,
    });
    expect(refundPlan('25,50', 10_000, true)).toMatchObject({ endsAccess: true });
    expect(refundPlan('100', 10_000, null)).toMatchObject({ amount: 10_000, full: true, endsAccess: true });
  });

  it('refuses more than what is left, nothing, and what is not an amount, in Spanish', () => {
    for (const typed of ['100,01', '0', 'cien', '12,345']) {
      expect(refundPlan(typed, 10_000, null).error?.replace(/\s/g, ' ')).toBe(
        'Ingresá un monto entre $ 0,01 y $ 100,00.',
      );
    }
  });

  it('tells what became of the refund', () => {
    expect(refundOutcomeText('SUCCESS')).toBe('La devolución se hizo.');
    expect(refundOutcomeText('FAILED')).toMatch(/rechazó/);
    expect(refundOutcomeText('OTRO')).toBe('Listo.');
  });

  it('what became of a payment says its refund state: a full refund is Devuelto, not Devuelto en parte', () => {
    expect(paymentStatusLabel({ status: 'approved', refundState: 'refunded' })[0]).toBe('Devuelto');
    expect(paymentStatusLabel({ status: 'approved', refundState: 'partially_refunded' })[0]).toBe(
      'Devuelto en parte',
    );
    expect(paymentStatusLabel({ status: 'approved', refundState: 'refund_in_progress' })[0]).toBe(
      'Devolución en curso',
    );
    expect(paymentStatusLabel({ status: 'approved', refundState: 'not_refunded' })[0]).toBe('Aprobado');
    expect(paymentStatusLabel({ status: 'refunded', refundState: 'refunded' })[0]).toBe('Devuelto');
    expect(paymentStatusLabel({ status: 'desconocido', refundState: 'not_refunded' })[0]).toBe('desconocido');
  });

  it('a refund’s reason is what the operator typed, else its kind in Spanish (never a code)', () => {
    expect(refundReasonText({ reason: 'operator', note: 'Se arrepintió por teléfono' })).toBe(
      'Se arrepintió por teléfono',
    );
    expect(refundReasonText({ reason: 'operator', note: null })).toBe('Devolución de soporte');
    expect(refundReasonText({ reason: 'withdrawal', note: null })).toBe('Arrepentimiento de la compra');
  });
});
