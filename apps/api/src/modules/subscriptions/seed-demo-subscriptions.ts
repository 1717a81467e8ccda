import { and, eq } from 'drizzle-orm';
import { entitlements, promoCodes, providerPlans, subscriptionPlans, users } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { adoptCachedAccess, recomputeAccess } from '../entitlements/recompute-access';

/** The demo catalogue's plans, in case the content file did not bring them. */
const demoPlans: (typeof subscriptionPlans.$inferInsert)[] = [
  {
    id: 'plan-esencial',
    name: 'Plan Esencial',
    weight: 1,
    displayMetadata: {
      title: 'Esencial',
      benefits: [
        'Todos los cursos de la academia',
        'Materiales descargables',
        'Acceso a la comunidad de Alcancía',
      ],
      recommended: false,
      order: 1,
    },
    privateServices: [],
  },
  {
    id: 'plan-oro',
    name: 'Plan Oro',
    weight: 2,
    displayMetadata: {
      title: 'Oro',
      benefits: ['Todo lo del Plan Esencial', 'Clases de consultas en vivo'],
      recommended: true,
      order: 2,
    },
    privateServices: ['COMMUNITY'],
  },
  {
    id: 'plan-platino',
    name: 'Plan Platino',
    weight: 3,
    displayMetadata: {
      title: 'Platino',
      benefits: ['Todo lo del Plan Oro', 'Descuentos en programas'],
      recommended: false,
      order: 3,
    },
    privateServices: ['COMMUNITY'],
  },
];

/** Prices in centavos (listed in the README): a trial in days, one in months, and discounts. */
const demoPrices: (typeof providerPlans.$inferInsert)[] = [
  {
    planId: 'plan-esencial',
    frequency: 'monthly',
    frequencyType: '1months',
    regularPriceCentavos: 990_000,
    freeTrial: { frequency: 7, frequencyType: 'days' },
  },
  {
    planId: 'plan-esencial',
    frequency: 'annual',
    frequencyType: '12months',
    regularPriceCentavos: 11_880_000,
    discountPriceCentavos: 9_504_000,
    discountPercentage: 20,
  },
  {
    planId: 'plan-oro',
    frequency: 'monthly',
    frequencyType: '1months',
    regularPriceCentavos: 1_490_000,
    discountPriceCentavos: 1_190_000,
    discountPercentage: 20,
  },
  {
    planId: 'plan-oro',
    frequency: 'annual',
    frequencyType: '12months',
    regularPriceCentavos: 17_880_000,
    discountPriceCentavos: 13_410_000,
    discountPercentage: 25,
  },
  { planId: 'plan-platino', frequency: 'monthly', frequencyType: '1months', regularPriceCentavos: 2_490_000 },
  {
    planId: 'plan-platino',
    frequency: 'annual',
    frequencyType: '12months',
    regularPriceCentavos: 29_880_000,
    discountPriceCentavos: 20_916_000,
    discountPercentage: 30,
    freeTrial: { frequency: 1, frequencyType: 'months' },
  },
];

/** One code per behaviour of the promo flow (listed in the README). */
const demoPromoCodes: (typeof promoCodes.$inferInsert)[] = [
  {
    code: 'BIENVENIDA30',
    type: 'FREE_PERIOD',
    description: '30 días gratis del Plan Esencial',
    freeDays: 30,
    planId: 'plan-esencial',
  },
  {
    code: 'DESCUENTO20',
    type: 'DISCOUNT_COUPON',
    description: '20 % en cualquier plan',
    discountPercent: 20,
  },
  {
    code: 'ORO50',
    type: 'DISCOUNT_COUPON',
    description: '50 % en el Plan Oro anual',
    discountPercent: 50,
    planIds: ['plan-oro'],
    frequencies: ['annual'],
  },
  {
    code: 'UNICO',
    type: 'FREE_PERIOD',
    description: 'Un mes gratis, una sola vez',
    freeMonths: 1,
    maxUses: 1,
  },
  { code: 'VENCIDO', type: 'FREE_PERIOD', description: 'Venció', freeDays: 30, validUntil: '2025-12-31' },
  {
    code: 'PRONTO',
    type: 'FREE_PERIOD',
    description: 'Todavía no empezó',
    freeDays: 30,
    validFrom: '2099-01-01',
  },
  { code: 'PAUSADO', type: 'FREE_PERIOD', description: 'Inactivo', freeDays: 30, active: false },
  { code: 'DADODEBAJA', type: 'FREE_PERIOD', description: 'Dado de baja', freeDays: 30, disabled: true },
  { code: 'AGOTADO', type: 'FREE_PERIOD', description: 'Sin usos', freeDays: 30, maxUses: 0 },
  {
    code: 'SOLOMX',
    type: 'FREE_PERIOD',
    description: '15 días gratis, solo México',
    freeDays: 15,
    allowedCountryCodes: ['MX'],
  },
];

/**
 * Demo step of the subscriptions feature: plan prices, promo codes of every kind, and a plan for
 * the demo subscriber (so the plan list shows her "Tu plan actual" and upgrades). Idempotent.
 * Her year of Plan Esencial is a grant (decision 90), not her account's columns: access from
 * before the card agreement (source `legacy`, origin CARD), which her first charge adopts
 * (seed-demo-subscriber-charge.ts, entitlements/grant.ts adoptLegacyGrant); the columns are its cache.
 */
export async function seedDemoSubscriptions(db: Db): Promise<void> {
  await db.insert(subscriptionPlans).values(demoPlans).onConflictDoNothing();
  await db.insert(providerPlans).values(demoPrices).onConflictDoNothing();
  await db.insert(promoCodes).values(demoPromoCodes).onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'suscriptora@alcancia.local'));
    if (!subscriber) return;
    // a demo database seeded before the grants: her columns become her grant
    await adoptCachedAccess(tx, subscriber.id);
    const [any] = await tx
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(and(eq(entitlements.userId, subscriber.id), eq(entitlements.kind, 'plan')))
      .limit(1);
    if (any) return;
    const today = argentinaDate();
    await tx.insert(entitlements).values({
      userId: subscriber.id,
      kind: 'plan',
      planId: 'plan-esencial',
      weight: 1,
      startsOn: today,
      endsOn: addToDate(today, { days: 365 }),
      source: 'legacy',
      origin: 'CARD',
      details: { demoSeed: true },
    });
    await recomputeAccess(tx, subscriber.id);
  });
}
