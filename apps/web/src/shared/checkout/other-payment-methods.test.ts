import { describe, expect, it } from 'vitest';
import { otherPaymentMethodsPath, productOfQuery } from './other-payment-methods';

describe('other ways to pay', () => {
  it('is a page of the product that names what she was buying', () => {
    const subscription = otherPaymentMethodsPath({
      kind: 'subscription',
      planId: 'plan-oro',
      frequency: 'annual',
    });
    expect(subscription).toBe('/compra/otras-formas-de-pago?plan=plan-oro&frecuencia=annual');
    expect(productOfQuery(subscription.split('?')[1] ?? '')).toEqual({
      kind: 'subscription',
      planId: 'plan-oro',
      frequency: 'annual',
    });
    const program = otherPaymentMethodsPath({ kind: 'program', programId: 'programa-chau-deudas' });
    expect(program).toBe('/compra/otras-formas-de-pago?programa=programa-chau-deudas');
    expect(productOfQuery('?programa=programa-chau-deudas')).toEqual({
      kind: 'program',
      programId: 'programa-chau-deudas',
    });
    expect(productOfQuery('')).toBeNull();
  });
});
