import type { AccountSubscription } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { planButtonLabel } from '../../shared/checkout/plan-rules';
import { cardCurrentPlan, initialTab, planChangeText } from './plan-change-rules';

// Issue 39 point 6: "Cambiar de plan" starts from her plan and frequency, marks that one as hers,
// and says what she pays today and from when.

const plans = [
  { id: 'plan-esencial', weight: 1 },
  { id: 'plan-oro', weight: 2 },
  { id: 'plan-platino', weight: 3 },
];

const annualEsencial = {
  plan: { id: 'plan-esencial', name: 'Plan Esencial' },
  frequency: 'annual',
  status: 'active',
  origin: 'CARD',
} as AccountSubscription;

describe('changing plan', () => {
  it('an annual subscriber opens on the annual tab, with her plan at that frequency marked as hers', () => {
    const current = cardCurrentPlan(annualEsencial, plans);
    expect(current).toEqual({ id: 'plan-esencial', weight: 1, frequency: 'annual' });
    expect(initialTab(['monthly', 'annual'], current, null)).toBe('annual');
    expect(planButtonLabel(plans[0] as (typeof plans)[number], current, 'annual')).toBe('Tu plan actual');
    expect(planButtonLabel(plans[0] as (typeof plans)[number], current, 'monthly')).toBe('Quiero este plan');
    expect(planButtonLabel(plans[1] as (typeof plans)[number], current, 'annual')).toBe(
      'Cambiar a este plan',
    );
  });

  it('her card plan, not a plan her access shows from elsewhere; none when she has no charging card agreement', () => {
    expect(cardCurrentPlan({ ...annualEsencial, status: 'cancelled' }, plans)).toBeNull();
    expect(cardCurrentPlan({ ...annualEsencial, origin: 'GUEST_PURCHASE' }, plans)).toBeNull();
    expect(initialTab(['monthly', 'annual'], null, 'annual')).toBe('annual');
    expect(initialTab(['monthly'], null, 'annual')).toBe('monthly');
  });

  it('says what she pays today and from when', () => {
    expect(planChangeText(13_410_000, 'annual', '12months', '2026-11-29').replace(/\s/g, ' ')).toBe(
      'Hoy pagás $ 134.100 y te devolvemos la parte que no usaste de tu plan actual. Después, $ 134.100 por año desde el 29 de noviembre de 2027.',
    );
    expect(planChangeText(1_190_000, 'monthly', '1months', '2027-01-31').replace(/\s/g, ' ')).toContain(
      'por mes desde el 28 de febrero de 2027',
    );
  });
});
