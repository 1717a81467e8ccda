import { describe, expect, it } from 'vitest';
import { withdrawalAccessNote, withdrawalRefundText } from './withdrawal-rules';

const money = (centavos: number) => `$${centavos / 100}`;

describe('what the withdrawal dialog says she gets back', () => {
  it('in cuotas with interest: all she paid, the financing cost included, as the mail and the receipt say', () => {
    // 6 cuotas of $17.800 for a cash price of $89.000 (issue 27, case 7)
    expect(withdrawalRefundText({ totalPaid: 10_680_000, returnedAmount: 0 }, money)).toBe(
      'Te devolvemos $106800 completos al mismo medio de pago.',
    );
  });

  it('after an upgrade gave part of it back: what is left, and what came back already', () => {
    expect(withdrawalRefundText({ totalPaid: 13_410_000, returnedAmount: 4_000_000 }, money)).toBe(
      'Te devolvemos $94100, lo que queda de lo que pagaste (ya te devolvimos $40000), al mismo medio de pago.',
    );
  });
});

describe('what the withdrawal dialog says ends', () => {
  it('a card subscription ends its own access, not a membership bought apart', () => {
    const note = withdrawalAccessNote({ kind: 'subscription', concept: 'Plan Oro — Anual' });
    expect(note).not.toContain('el acceso termina hoy');
    expect(note).toContain('lo que compraste aparte, como una membresía, sigue');
  });

  it('a program or a membership', () => {
    expect(withdrawalAccessNote({ kind: 'program', concept: 'Programa Chau Deudas' })).toBe(
      'Dejás de tener acceso a Programa Chau Deudas.',
    );
    expect(withdrawalAccessNote({ kind: 'guest_tier', concept: 'Membresía Oro' })).toBe(
      'La membresía queda sin efecto.',
    );
  });
});
