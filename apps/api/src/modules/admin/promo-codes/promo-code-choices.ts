import type { PromoCodeChoices } from '@alcancia/contract/admin';
import { asc, desc, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { courses, subscriptionPlans } from '../../../db/schema';

/**
 * GET /admin/promo-code-choices: the plans (lightest first) and the catalogue's programs, then its
 * packs (by name), for the promo code form's pickers: an operator picks names, never types ids
 * (issue 40).
 */
export async function listPromoCodeChoices(db: Database): Promise<PromoCodeChoices> {
  const plans = await db
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.weight), asc(subscriptionPlans.name));
  const products = await db
    .select({ id: courses.id, name: courses.name, kind: courses.kind, published: courses.published })
    .from(courses)
    .where(inArray(courses.kind, ['PROGRAM', 'PACK']))
    .orderBy(desc(courses.kind), asc(courses.name)); // programs, then packs
  return { plans, products: products.map((row) => ({ ...row, kind: row.kind as 'PROGRAM' | 'PACK' })) };
}
