import type { PlanPricePreview, UpdatePlanPricesRequest } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { providerPlans, subscriptionPlans } from '../../../db/schema';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import { priceChangeAudience, priceChangeEffectiveOn } from '../../subscriptions/price-changes';
import { priceListChanges } from './price-list';

/**
 * POST /admin/plans/{id}/price-preview: what saving this price list would do, for the operator's
 * confirmation. Nothing is written. The same comparison and the same audience as the change
 * (update-plan-prices.ts), so the count she confirms is the count that gets the mail (unless a
 * subscriber joins or leaves in between).
 */
export async function previewPlanPrices(
  app: FastifyInstance,
  id: string,
  prices: UpdatePlanPricesRequest['prices'],
): Promise<PlanPricePreview> {
  const [plan] = await app.db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, id));
  if (!plan) throw new AppError('NOT_FOUND', 404, 'No existe ese plan.');
  const rows = await app.db.select().from(providerPlans).where(eq(providerPlans.planId, id));
  const changes: PlanPricePreview['changes'] = [];
  for (const { row, input, from, to } of priceListChanges(rows, prices)) {
    // the charged price unchanged: the change is not scheduled, nobody is mailed
    const audience =
      from === to
        ? []
        : await priceChangeAudience(app.db, { planId: id, frequency: row.frequency, fromCentavos: from });
    const withdrawals = audience.filter((subscriber) => subscriber.amountCentavos === to).length;
    changes.push({
      frequency: row.frequency,
      regularPrice: { from: row.regularPriceCentavos, to: input.regularPrice },
      discountPrice: { from: row.discountPriceCentavos, to: input.discountPrice },
      charged: { from, to },
      trialChanged: JSON.stringify(row.freeTrial ?? null) !== JSON.stringify(input.freeTrial),
      notices: audience.length - withdrawals,
      withdrawals,
    });
  }
  return {
    effectiveOn: priceChangeEffectiveOn(argentinaDate()),
    changes,
    notices: changes.reduce((sum, change) => sum + change.notices, 0),
  };
}
