import type { UpdatePlanPricesRequest, UpdatePlanPricesResponse } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { providerPlans, subscriptionPlans } from '../../../db/schema';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import { priceChangeEffectiveOn, schedulePriceChange } from '../../subscriptions/price-changes';
import { markNoChange, recordAudit } from '../core/audit';
import { loadPlans } from './list-plans';
import { priceListChanges } from './price-list';

/**
 * PATCH /admin/plans/{id}: new prices and free trials per frequency. New subscriptions take them at
 * once; when what a card subscription is charged changes, each active agreement gets a scheduled
 * change and its 30-day notice (subscriptions/price-changes.ts). A save that changes nothing
 * writes nothing and says so; a list with a frequency twice is refused (price-list.ts).
 */
export async function updatePlanPrices(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  prices: UpdatePlanPricesRequest['prices'],
): Promise<UpdatePlanPricesResponse> {
  const effectiveOn = priceChangeEffectiveOn(argentinaDate());
  return app.db.transaction(async (tx) => {
    const [plan] = await tx
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, id))
      .for('update');
    if (!plan) throw new AppError('NOT_FOUND', 404, 'No existe ese plan.');
    const rows = await tx.select().from(providerPlans).where(eq(providerPlans.planId, id));
    const before = rows.map((r) => ({
      frequency: r.frequency,
      regularPrice: r.regularPriceCentavos,
      discountPrice: r.discountPriceCentavos,
      freeTrial: r.freeTrial ?? null,
    }));
    const changes = priceListChanges(rows, prices);
    let scheduled = 0;
    for (const { row, input, from, to } of changes) {
      await tx
        .update(providerPlans)
        .set({
          regularPriceCentavos: input.regularPrice,
          discountPriceCentavos: input.discountPrice,
          freeTrial: input.freeTrial,
          updatedAt: new Date(),
        })
        .where(eq(providerPlans.id, row.id));
      if (from !== to) {
        scheduled += await schedulePriceChange(tx, {
          planId: id,
          planName: plan.name,
          frequency: row.frequency,
          fromCentavos: from,
          toCentavos: to,
          effectiveOn,
          publicUrl: app.config.publicUrl,
        });
      }
    }
    if (changes.length === 0) {
      markNoChange(request);
      const [same] = await loadPlans(tx, id);
      if (!same) throw new AppError('NOT_FOUND', 404, 'No existe ese plan.');
      return { plan: same, scheduled: 0, effectiveOn: null, message: 'No había cambios para guardar.' };
    }
    const after = prices;
    await recordAudit(tx, request, {
      action: 'plan.prices.update',
      targetType: 'plan',
      targetId: id,
      before: { prices: before },
      after: {
        prices: after,
        scheduledSubscribers: scheduled,
        effectiveOn: scheduled > 0 ? effectiveOn : null,
      },
    });
    // the plans' cache of every process follows (triggers on provider_plans notify the change)
    const [saved] = await loadPlans(tx, id);
    if (!saved) throw new AppError('NOT_FOUND', 404, 'No existe ese plan.');
    return {
      plan: saved,
      scheduled,
      effectiveOn: scheduled > 0 ? effectiveOn : null,
      message:
        scheduled > 0
          ? `Precios guardados. ${scheduled} ${scheduled === 1 ? 'suscriptora recibe' : 'suscriptoras reciben'} el aviso; el nuevo precio se les cobra desde el ${effectiveOn.split('-').reverse().join('/')}.`
          : 'Precios guardados. Se aplican a las suscripciones nuevas.',
    };
  });
}
