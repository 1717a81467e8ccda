import {
  type AdminPlan,
  adminPlansSchema,
  planIdParamsSchema,
  updatePlanPricesRequestSchema,
  updatePlanPricesResponseSchema,
} from '@alcancia/contract/admin';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { providerPlans, subscriptionPlans } from '../../../db/schema';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import { priceChangeEffectiveOn, schedulePriceChange } from '../../subscriptions/price-changes';
import { markNoChange, recordAudit } from '../core/audit';

type Db = Pick<Database, 'select' | 'execute'>;

/** What a card subscription of a price row is charged per period (plan-pricing.ts: discount first). */
const chargedOf = (row: { regularPriceCentavos: number; discountPriceCentavos: number | null }) =>
  row.discountPriceCentavos ?? row.regularPriceCentavos;

async function loadPlans(db: Db, planId?: string): Promise<AdminPlan[]> {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(planId ? eq(subscriptionPlans.id, planId) : undefined)
    .orderBy(asc(subscriptionPlans.weight));
  const prices = await db
    .select()
    .from(providerPlans)
    .where(planId ? eq(providerPlans.planId, planId) : undefined)
    .orderBy(asc(providerPlans.id));
  const { rows: counts } = await db.execute(sql`
    select o.item_id as plan_id, count(*)::int as subscribers
      from payment_orders o
     where o.kind = 'subscription' and o.status = 'active'
     group by 1`);
  const { rows: scheduled } = await db.execute(sql`
    select plan_id, frequency, count(*)::int as n, to_char(min(effective_on), 'YYYY-MM-DD') as next_on
      from subscription_price_changes where status = 'scheduled' group by 1, 2`);
  const subscribersOf = new Map(counts.map((r) => [String(r.plan_id), Number(r.subscribers)]));
  const scheduledOf = new Map(
    scheduled.map((r) => [`${r.plan_id}:${r.frequency}`, { n: Number(r.n), next: String(r.next_on) }]),
  );
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    active: plan.active,
    activeSubscribers: subscribersOf.get(plan.id) ?? 0,
    prices: prices
      .filter((p) => p.planId === plan.id)
      .map((p) => {
        const change = scheduledOf.get(`${plan.id}:${p.frequency}`);
        return {
          frequency: p.frequency,
          frequencyType: p.frequencyType,
          regularPrice: p.regularPriceCentavos,
          discountPrice: p.discountPriceCentavos,
          freeTrial: p.freeTrial ?? null,
          active: p.active,
          scheduledChanges: change?.n ?? 0,
          nextChangeOn: change?.next ?? null,
        };
      }),
  }));
}

/** GET /api/admin/plans and PATCH /api/admin/plans/{id} (admin: `prices`). */
export const planPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['admin'],
        summary: 'Planes con sus precios por frecuencia y los cambios programados',
        security: [{ bearerAuth: [] }],
        response: { 200: adminPlansSchema },
      },
      config: { permission: 'prices' },
    },
    async () => ({ items: await loadPlans(app.db) }),
  );

  app.patch(
    '/plans/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cambiar precios y pruebas gratis de un plan (aviso de 30 días a quienes ya pagan)',
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: updatePlanPricesRequestSchema,
        response: { 200: updatePlanPricesResponseSchema },
      },
      config: { permission: 'prices' },
    },
    async (request) => {
      const { id } = request.params;
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
        for (const input of request.body.prices) {
          const row = rows.find((r) => r.frequency === input.frequency);
          if (!row) {
            throw new AppError(
              'INVALID_DATA',
              400,
              `El plan no se vende con la frecuencia ${input.frequency}.`,
              [{ path: 'prices', message: `Frecuencia desconocida: ${input.frequency}.` }],
            );
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
        const after = request.body.prices;
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
    },
  );
};
