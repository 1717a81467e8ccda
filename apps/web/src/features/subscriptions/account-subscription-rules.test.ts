import type { AccountSubscription } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  cardLabel,
  nextChargeText,
  securityCodeLengthOf,
  statusLabel,
  storedCardLabel,
} from './account-subscription-rules';

const base: AccountSubscription = {
  plan: { id: 'plan-esencial', name: 'Plan Esencial' },
  frequency: 'monthly',
  status: 'active',
  trialEndsAt: null,
  currentPeriodEnd: '2026-12-24',
  nextChargeDate: '2026-12-24',
  nextChargeAmount: 990_000,
  card: { brand: 'visa', lastFour: '3704' },
  cancelledAt: null,
  cancellationCode: null,
  graceUntil: null,
  origin: 'CARD',
};

describe('Mi cuenta → Suscripción rules', () => {
  it('names every state in Spanish, a cancelled one with its last day', () => {
    expect(statusLabel({ ...base, status: 'trial' })).toBe('En prueba');
    expect(statusLabel(base)).toBe('Activa');
    expect(statusLabel({ ...base, status: 'cancelled' })).toBe(
      'Cancelada — acceso hasta el 24 de diciembre de 2026',
    );
    expect(statusLabel({ ...base, status: 'past_due' })).toBe('Pago pendiente');
    expect(statusLabel({ ...base, status: 'expired' })).toBe('Vencida');
  });

  it('names the card by brand and last four', () => {
    expect(cardLabel({ brand: 'master', lastFour: '0604' })).toBe('Mastercard terminada en 0604');
    expect(cardLabel({ brand: 'visa', lastFour: '3704' })).toBe('Visa terminada en 3704');
  });

  it('names the stored card with its expiry, and knows its security code length', () => {
    const stored = {
      id: '1490022319978',
      brand: 'visa',
      lastFour: '3704',
      expirationMonth: 11,
      expirationYear: 2030,
    };
    expect(storedCardLabel(stored)).toBe('Visa terminada en 3704 (vence 11/30)');
    expect(
      storedCardLabel({
        ...stored,
        brand: 'amex',
        lastFour: '7522',
        expirationMonth: 3,
        expirationYear: 2031,
      }),
    ).toBe('American Express terminada en 7522 (vence 03/31)');
    expect(securityCodeLengthOf('amex')).toBe(4);
    expect(securityCodeLengthOf('visa')).toBe(3);
  });

  it('offers card change and cancel on live card subscriptions, reactivation on cancelled ones, nothing to manage on promo periods', () => {
    expect(actionsFor(base)).toEqual({
      changeCard: true,
      changePlan: true,
      cancel: true,
      reactivate: false,
      subscribe: false,
    });
    expect(actionsFor({ ...base, status: 'past_due' })).toMatchObject({ changeCard: true, cancel: true });
    expect(actionsFor({ ...base, status: 'cancelled' })).toMatchObject({
      changeCard: false,
      cancel: false,
      reactivate: true,
    });
    expect(actionsFor({ ...base, origin: 'PROMO_CODE', card: null })).toMatchObject({
      changeCard: false,
      cancel: false,
      reactivate: false,
      changePlan: true,
    });
    expect(actionsFor({ ...base, status: 'expired' })).toMatchObject({ subscribe: true, cancel: false });
  });
});

describe('the next charge (issue 39 point 6)', () => {
  it('reads as the date and the amount the provider charges, in es-AR', () => {
    expect(nextChargeText('2026-12-29', 2_700_000).replace(/\s/g, ' ')).toBe(
      '29 de diciembre de 2026 · $ 27.000',
    );
    expect(
      nextChargeText('2026-12-29', 2_700_000, (d) => d.split('-').reverse().join('/')).replace(/\s/g, ' '),
    ).toBe('29/12/2026 · $ 27.000');
    expect(nextChargeText('2026-12-29', null)).toBe('29 de diciembre de 2026');
  });
});
