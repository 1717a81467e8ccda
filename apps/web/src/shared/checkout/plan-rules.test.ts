import type { ProviderPlan, SubscriptionPlan } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import {
  benefitRows,
  blocksUpgrade,
  canonicalPlanPath,
  checkoutPath,
  currentPlanOf,
  discountPercentOf,
  frequencyRedirect,
  highestAnnualDiscount,
  identificationPath,
  isUpgrade,
  planButtonLabel,
  planDestination,
  roundPercent,
  sortPlans,
  trialBadgeText,
  visibleTabs,
} from './plan-rules';

function providerPlan(
  overrides: Partial<Omit<ProviderPlan, 'prices'>> & { prices?: Partial<ProviderPlan['prices']> } = {},
): ProviderPlan {
  const { prices, ...rest } = overrides;
  return {
    frequency: 'monthly',
    frequencyType: '1months',
    prices: { regularPrice: 1_000_000, discountPrice: null, discountPercentage: null, ...prices },
    promoCodeApplied: false,
    freeTrial: null,
    checkoutProvider: 'MP',
    checkoutUrl: null,
    currency: 'ARS',
    ...rest,
  };
}

function plan(
  id: string,
  weight: number,
  order: number,
  providerPlans: SubscriptionPlan['providerPlans'] = {},
) {
  return {
    id,
    name: `Plan ${id}`,
    weight,
    displayMetadata: { title: id, benefits: [], recommended: false, order },
    privateServices: [],
    providerPlans,
  } satisfies SubscriptionPlan;
}

describe('plan button label by weight', () => {
  const esencial = plan('esencial', 1, 1);
  const oro = plan('oro', 2, 2);
  const platino = plan('platino', 3, 3);

  it('offers every plan to someone without a subscription', () => {
    for (const p of [esencial, oro, platino]) expect(planButtonLabel(p, null)).toBe('Quiero este plan');
  });

  it('marks the current plan, offers a change to heavier plans and a purchase of lighter ones', () => {
    const current = { id: 'oro', weight: 2 };
    expect(planButtonLabel(oro, current)).toBe('Tu plan actual');
    expect(planButtonLabel(platino, current)).toBe('Cambiar a este plan');
    expect(planButtonLabel(esencial, current)).toBe('Quiero este plan');
  });

  it('treats a plan of the same weight (not the current one) as not an upgrade', () => {
    expect(planButtonLabel(plan('otro', 2, 9), { id: 'oro', weight: 2 })).toBe('Quiero este plan');
  });

  it('reads the subscription status: none, with a plan, or subscribed without one', () => {
    expect(currentPlanOf(undefined)).toBeNull();
    expect(currentPlanOf({ isSubscribed: false, subscriptionPlan: null })).toBeNull();
    expect(currentPlanOf({ isSubscribed: true, subscriptionPlan: { id: 'oro', weight: 2 } })).toEqual({
      id: 'oro',
      weight: 2,
    });
    const granted = currentPlanOf({ isSubscribed: true, subscriptionPlan: null });
    expect(planButtonLabel(esencial, granted)).toBe('Cambiar a este plan');
  });

  it('guards upgrades: at or under the current weight is blocked, heavier is an upgrade', () => {
    const current = { id: 'oro', weight: 2 };
    expect(blocksUpgrade(oro, current)).toBe(true);
    expect(blocksUpgrade(esencial, current)).toBe(true);
    expect(blocksUpgrade(platino, current)).toBe(false);
    expect(blocksUpgrade(platino, null)).toBe(false);
    expect(isUpgrade(platino, current)).toBe(true);
    expect(isUpgrade(platino, null)).toBe(false);
  });
});

describe('tabs and discounts', () => {
  it('shows the tabs whose flag is on, monthly first, none when the flags are unknown', () => {
    const both = { enableMonthlySubscriptionPurchase: true, enableAnnualSubscriptionPurchase: true };
    expect(visibleTabs(both)).toEqual(['monthly', 'annual']);
    expect(visibleTabs({ ...both, enableMonthlySubscriptionPurchase: false })).toEqual(['annual']);
    expect(visibleTabs({ ...both, enableAnnualSubscriptionPurchase: false })).toEqual(['monthly']);
    expect(visibleTabs(undefined)).toEqual([]);
  });

  it('labels the annual tab with the highest annual discount, rounded', () => {
    const plans = [
      plan('a', 1, 1, {
        annual: providerPlan({ prices: { discountPrice: 800_000, discountPercentage: 20 } }),
      }),
      plan('b', 2, 2, {
        annual: providerPlan({ prices: { discountPrice: 665_000, discountPercentage: 33.5 } }),
      }),
      plan('c', 3, 3, {
        monthly: providerPlan({ prices: { discountPrice: 100_000, discountPercentage: 90 } }),
      }),
    ];
    expect(highestAnnualDiscount(plans)).toBe(34);
    expect(highestAnnualDiscount([plan('d', 1, 1, { annual: providerPlan() })])).toBeNull();
  });

  it('rounds percents to whole numbers', () => {
    expect(roundPercent(24.5)).toBe(25);
    expect(roundPercent(24.49)).toBe(24);
    expect(roundPercent(20)).toBe(20);
  });

  it('derives the percent from the prices when the server gives none, and ignores non-discounts', () => {
    expect(discountPercentOf(providerPlan({ prices: { discountPrice: 666_667 } }))).toBe(33);
    expect(
      discountPercentOf(providerPlan({ prices: { discountPrice: 1_000_000, discountPercentage: 0 } })),
    ).toBeNull();
    expect(discountPercentOf(undefined)).toBeNull();
  });

  it('sorts plans by displayMetadata.order, keeping ties in the server order', () => {
    const sorted = sortPlans([plan('c', 3, 3), plan('a', 1, 1), plan('b1', 2, 2), plan('b2', 2, 2)]);
    expect(sorted.map((p) => p.id)).toEqual(['a', 'b1', 'b2', 'c']);
  });
});

describe('trial badge', () => {
  it('writes days and months in capitals, singular for one', () => {
    expect(trialBadgeText({ frequency: 7, frequencyType: 'days' })).toBe('¡7 DÍAS DE PRUEBA GRATIS!');
    expect(trialBadgeText({ frequency: 1, frequencyType: 'days' })).toBe('¡1 DÍA DE PRUEBA GRATIS!');
    expect(trialBadgeText({ frequency: 3, frequencyType: 'months' })).toBe('¡3 MESES DE PRUEBA GRATIS!');
    expect(trialBadgeText({ frequency: 1, frequencyType: 'months' })).toBe('¡1 MES DE PRUEBA GRATIS!');
  });

  it('shows nothing without a trial', () => {
    expect(trialBadgeText(null)).toBeNull();
    expect(trialBadgeText(undefined)).toBeNull();
  });
});

describe('checkout routing', () => {
  const flags = (monthly: boolean, annual: boolean) => ({
    enableMonthlySubscriptionPurchase: monthly,
    enableAnnualSubscriptionPurchase: annual,
  });

  it('redirects a disabled frequency to the enabled one', () => {
    expect(frequencyRedirect('monthly', flags(false, true))).toBe('annual');
    expect(frequencyRedirect('annual', flags(true, false))).toBe('monthly');
    expect(frequencyRedirect('monthly', flags(true, true))).toBeNull();
    expect(frequencyRedirect('monthly', flags(false, false))).toBeNull();
    expect(frequencyRedirect('quarterly', flags(false, false))).toBeNull();
  });

  it('sends a plan with a redirect provider and a checkoutUrl straight to it', () => {
    const redirect = plan('r', 1, 1, {
      monthly: providerPlan({ checkoutProvider: 'OTHER', checkoutUrl: 'https://pagos.example/plan' }),
    });
    expect(planDestination(redirect, 'monthly', { current: null, loggedIn: false })).toEqual({
      kind: 'external',
      url: 'https://pagos.example/plan',
    });
  });

  it('sends visitors to the identification step and logged-in users to the checkout', () => {
    const card = plan('Oro', 2, 1, { monthly: providerPlan() });
    expect(planDestination(card, 'monthly', { current: null, loggedIn: false })).toEqual({
      kind: 'identification',
      path: identificationPath('Oro', 'monthly'),
    });
    expect(planDestination(card, 'monthly', { current: null, loggedIn: true })).toEqual({
      kind: 'checkout',
      path: '/compra/suscripcion/Oro/monthly',
    });
    expect(planDestination(card, 'annual', { current: null, loggedIn: true })).toEqual({
      kind: 'unavailable',
    });
    expect(planDestination(card, 'monthly', { current: { id: 'Oro', weight: 2 }, loggedIn: true })).toEqual({
      kind: 'current',
    });
  });
});

describe('plan addresses by id (decision 75)', () => {
  it('names the plan by its id, and an old address by name moves to the id one', () => {
    const oro = { id: 'plan-oro' };
    expect(checkoutPath('plan-oro', 'annual')).toBe('/compra/suscripcion/plan-oro/annual');
    expect(identificationPath('plan-oro', 'monthly')).toBe(
      '/compra/suscripcion/identificacion/plan-oro/monthly',
    );
    const toCheckout = (id: string) => checkoutPath(id, 'annual');
    expect(canonicalPlanPath('Plan Oro', oro, toCheckout)).toBe('/compra/suscripcion/plan-oro/annual');
    expect(canonicalPlanPath('plan-oro', oro, toCheckout)).toBeNull();
  });
});

describe('the plan comparison', () => {
  it('lists every benefit once, row by row, with the plans that include it', () => {
    const withBenefits = (id: string, benefits: string[]) => ({
      name: `Plan ${id}`,
      displayMetadata: { title: id, benefits, recommended: false, order: 1 },
    });
    const rows = benefitRows([
      withBenefits('Esencial', ['Todos los cursos', 'Certificados']),
      withBenefits('Oro', ['Todos los cursos', 'Clases en vivo ']),
      withBenefits('Platino', ['Clases en vivo', 'Descuentos en programas']),
    ]);
    expect(rows).toEqual([
      { benefit: 'Todos los cursos', included: [true, true, false] },
      { benefit: 'Certificados', included: [true, false, false] },
      { benefit: 'Clases en vivo', included: [false, true, true] },
      { benefit: 'Descuentos en programas', included: [false, false, true] },
    ]);
  });

  it("reads 'Todo lo del Plan X' as X's benefits, so heavier plans tick the lighter plans' rows", () => {
    const withBenefits = (id: string, benefits: string[]) => ({
      name: `Plan ${id}`,
      displayMetadata: { title: id, benefits, recommended: false, order: 1 },
    });
    const rows = benefitRows([
      withBenefits('Esencial', ['Todos los cursos', 'Materiales descargables']),
      withBenefits('Oro', ['Todo lo del Plan Esencial', 'Clases de consultas en vivo']),
      withBenefits('Platino', ['Todo lo del plan oro', 'Descuentos en programas']),
    ]);
    expect(rows).toEqual([
      { benefit: 'Todos los cursos', included: [true, true, true] },
      { benefit: 'Materiales descargables', included: [true, true, true] },
      { benefit: 'Clases de consultas en vivo', included: [false, true, true] },
      { benefit: 'Descuentos en programas', included: [false, false, true] },
    ]);
  });
});
