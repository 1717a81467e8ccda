import { describe, expect, it } from 'vitest';
import { discountBadge, programButton, programPrices, programTypeLabel } from './program-rules';

const program = {
  id: 'p1',
  type: 'PROGRAM' as const,
  isAccessibleByUser: false,
  saleStatus: 'OPEN' as const,
};

describe('program card button', () => {
  it('not purchased, inside the sale window: Comprar ahora (a pack: Ver pack)', () => {
    expect(programButton(program, null)).toEqual({
      kind: 'buy',
      label: 'Comprar ahora',
      to: '/compra/programa/p1',
    });
    expect(programButton({ ...program, type: 'PACK' }, null)).toEqual({
      kind: 'viewPack',
      label: 'Ver pack',
      to: '/programas/p1/detalle',
    });
  });
  it('only subscribers may buy it and she is not one: says so and leads to the plans (issue 30)', () => {
    expect(programButton({ ...program, onlyForSubscribers: true }, null)).toEqual({
      kind: 'subscribersOnly',
      label: 'Solo para suscriptoras: ver planes',
      to: '/compra/suscripcion',
    });
    expect(programButton({ ...program, onlyForSubscribers: false }, null).kind).toBe('buy');
    // owned, or outside the window, as before
    expect(programButton({ ...program, onlyForSubscribers: true, isAccessibleByUser: true }, null).kind).toBe(
      'start',
    );
    expect(programButton({ ...program, onlyForSubscribers: true, saleStatus: 'AFTER' }, null).kind).toBe(
      'soon',
    );
  });
  it('not purchased, before or after the window: Próximamente, no action', () => {
    expect(programButton({ ...program, saleStatus: 'BEFORE' }, null)).toEqual({
      kind: 'soon',
      label: 'Próximamente',
    });
    expect(programButton({ ...program, saleStatus: 'AFTER', type: 'PACK' }, null).label).toBe('Próximamente');
  });
  it('purchased: Comenzar without progress, Continuar in progress (0 included), Completado at 1', () => {
    const owned = { ...program, isAccessibleByUser: true, saleStatus: 'AFTER' as const };
    expect(programButton(owned, null)).toEqual({ kind: 'start', label: 'Comenzar', to: '/academy/p1' });
    expect(programButton(owned, 0).label).toBe('Continuar');
    expect(programButton(owned, 0.5).label).toBe('Continuar');
    expect(programButton(owned, 1)).toEqual({ kind: 'completed', label: 'Completado', to: '/academy/p1' });
  });
});

describe('program card texts', () => {
  it('names the type', () => {
    expect(programTypeLabel('PROGRAM')).toBe('PROGRAMA');
    expect(programTypeLabel('PACK')).toBe('PACK');
  });
  it('shows the discount only without access', () => {
    expect(discountBadge({ isAccessibleByUser: false, discountApplied: 26 })).toBe('26% OFF');
    expect(discountBadge({ isAccessibleByUser: true, discountApplied: 26 })).toBeNull();
    expect(discountBadge({ isAccessibleByUser: false, discountApplied: 0 })).toBeNull();
  });
  it('formats prices from centavos in es-AR pesos, the regular one only when higher', () => {
    const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
    const prices = programPrices({ price: 8_900_000, regularPrice: 12_000_000, isAccessibleByUser: false });
    expect(prices && nbsp(prices.price)).toBe('$ 89.000');
    expect(prices?.regular && nbsp(prices.regular)).toBe('$ 120.000');
    const cents = programPrices({ price: 123_456, regularPrice: 123_456, isAccessibleByUser: false });
    expect(cents && nbsp(cents.price)).toBe('$ 1.234,56');
    expect(cents?.regular).toBeNull();
    expect(programPrices({ price: 100, regularPrice: 200, isAccessibleByUser: true })).toBeNull();
    expect(programPrices({ price: null, regularPrice: null, isAccessibleByUser: false })).toBeNull();
  });
});
