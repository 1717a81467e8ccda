import type { UpdatePlanPricesRequest, UpdatePlanPricesResponse } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { providerPlans, subscriptionPlans } from '../../../db/schema';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import { priceChangeEffectiveOn, schedulePriceChange } from '../../subscriptions/price-changes';
import { markNoChange, recordAudit } from '../core/audit';
import { loadPlans } from './list-plans';

/** What a card subscription of a price row is charged per period (plan-pricing.ts: discount first). */
const chargedOf = (row: { regularPriceCentavos: number; discountPriceCentavos: number | null }) =>
  row.discountPriceCentavos ?? row.regularPriceCentavos;

/**
 * PATCH /admin/plans/{id}: new prices and free trials per frequency. New subscriptions take them at
 * once; when what a card subscription is charged changes, each active agreement gets a scheduled
 * change and its 30-day notice (subscriptions/price-changes.ts). A save that changes nothing
 * writes nothing and says so.
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
    let changed = false;
    let scheduled = 0;
    for (const input of prices) {
      const row = rows.find((r) => r.frequency === input.frequency);
      if (!row) {
        throw new AppError('INVALID_DATA', 400, `El plan no se vende con la frecuencia ${input.frequency}.`, [
          { path: 'prices', message: `Frecuencia desconocida: ${input.frequency}.` },
        ]);
      }
      const sameTrial = JSON.stringify(row.freeTrial ?? null) === JSON.stringify(input.freeTrial);
      if (
        row.regularPriceCentavos === input.regularPrice &&
        row.discountPriceCentavos === input.discountPrice &&
        sameTrial
      )
        continue;
      changed = true;
      await tx
        .update(providerPlans)
        .set({
          regularPriceCentavos: input.regularPrice,
          discountPriceCentavos: input.discountPrice,
          freeTrial: input.freeTrial,
          updatedAt: new Date(),
        })
        .where(eq(providerPlans.id, row.id));
      const from = chargedOf(row);
      const to = chargedOf({
        regularPriceCentavos: input.regularPrice,
        discountPriceCentavos: input.discountPrice,
      });
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
    if (!changed) {
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
