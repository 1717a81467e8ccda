import type { AdminPlans, PlanPricePreview, UpdatePlanPricesResponse } from '@alcancia/contract/admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../../../../test/accounts';
import { testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../../test/payments';
import { auditLog, paymentOrders, subscriptionPriceChanges } from '../../../db/schema';
import { argentinaDate } from '../../../lib/argentina-date';
import { applyDuePriceChanges, priceChangeEffectiveOn } from '../../subscriptions/price-changes';
import { priceListChanges } from './price-list';

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const preapprovalOf = (id: string) => t.emulator.control.state().preapprovals[id]?.resource;

async function mailsTo(to: string): Promise<Mail[]> {
  await t.app.mail.flush();
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json() as Mail[];
}

async function subscribed(
  plan: string,
  frequency: string,
): Promise<{ buyer: Buyer; preapprovalId: string; orderId: string }> {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: plan,
    subscriptionPlanFrequency: frequency,
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [order] = await ordersOf(t.app, buyer.userId);
  if (!order?.provider_preapproval_id) throw new Error('no agreement');
  return { buyer, preapprovalId: order.provider_preapproval_id, orderId: order.id };
}

const basicoMonthly = (regularPrice: number, discountPrice: number | null = null) => ({
  prices: [{ frequency: 'monthly', regularPrice, discountPrice, freeTrial: null }],
});

describe('plans and prices (admin)', () => {
  it('lists the plans with their prices per frequency and trials', async () => {
    const { headers } = await operatorSession(t.app, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/plans', headers });
    expect(res.statusCode).toBe(200);
    const oro = (res.json() as AdminPlans).items.find((p) => p.id === 'oro');
    expect(oro?.prices.find((p) => p.frequency === 'monthly')).toMatchObject({
      regularPrice: 2_000_000,
      discountPrice: null,
      freeTrial: { frequency: 7, frequencyType: 'days' },
    });
    const support = await operatorSession(t.app, 'support');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/plans', headers: support.headers })).statusCode,
    ).toBe(403);
  });

  it('a new price: a notice mail to each subscriber now, the provider agreement changed 30 days later, and the charges use it', async () => {
    const ana = await subscribed('Plan Básico', 'monthly');
    const bea = await subscribed('Plan Básico', 'monthly');
    const annual = await subscribed('Plan Básico', 'annual');
    expect(preapprovalOf(ana.preapprovalId)?.auto_recurring.transaction_amount).toBe(10_000);

    const { headers } = await operatorSession(t.app, 'admin');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/basico',
      headers,
      payload: basicoMonthly(1_250_000),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as UpdatePlanPricesResponse;
    const effectiveOn = priceChangeEffectiveOn(argentinaDate());
    expect(answer).toMatchObject({ scheduled: 2, effectiveOn });
    expect(answer.plan.prices.find((p) => p.frequency === 'monthly')).toMatchObject({
      regularPrice: 1_250_000,
      scheduledChanges: 2,
      nextChangeOn: effectiveOn,
    });

    // the notice, 30 days ahead, to each monthly subscriber; none to the annual one
    for (const who of [ana, bea]) {
      const [mail] = await mailsTo(who.buyer.email);
      expect(mail?.subject).toBe('Cambia el precio de tu suscripción');
      expect(mail?.text).toMatch(/pasa de \$\s?10\.000,00 a \$\s?12\.500,00 por mes/);
      expect(mail?.text).toContain('cancelar tu suscripción sin costo');
    }
    expect((await mailsTo(annual.buyer.email)).map((m) => m.subject)).not.toContain(
      'Cambia el precio de tu suscripción',
    );

    // the audit entry
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.prices.update'), eq(auditLog.targetId, 'basico')));
    expect(entry?.before).toMatchObject({
      prices: expect.arrayContaining([expect.objectContaining({ regularPrice: 1_000_000 })]),
    });
    expect(entry?.after).toMatchObject({ scheduledSubscribers: 2, effectiveOn });

    // before the date nothing changes at the provider
    expect(await applyDuePriceChanges(t.app, argentinaDate())).toEqual({ applied: 0, skipped: 0, failed: 0 });
    expect(preapprovalOf(ana.preapprovalId)?.auto_recurring.transaction_amount).toBe(10_000);

    // Bea cancels meanwhile: her change is skipped
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/cancel',
      headers: bea.buyer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // at the date (the job's use-case): Ana's agreement charges the new amount
    expect(await applyDuePriceChanges(t.app, effectiveOn)).toEqual({ applied: 1, skipped: 1, failed: 0 });
    expect(preapprovalOf(ana.preapprovalId)?.auto_recurring.transaction_amount).toBe(12_500);
    expect(preapprovalOf(annual.preapprovalId)?.auto_recurring.transaction_amount).toBe(90_000);
    const [order] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, ana.orderId));
    expect(order?.amountCentavos).toBe(1_250_000);
    const changes = await t.app.db
      .select({ status: subscriptionPriceChanges.status })
      .from(subscriptionPriceChanges)
      .where(eq(subscriptionPriceChanges.orderId, ana.orderId));
    expect(changes).toEqual([{ status: 'applied' }]);
    // a second run applies nothing twice
    expect(await applyDuePriceChanges(t.app, effectiveOn)).toEqual({ applied: 0, skipped: 0, failed: 0 });

    // the next renewal at the emulator charges the new price
    const charge = t.emulator.control.chargePreapproval(ana.preapprovalId, 'approved');
    expect(charge.payment.transaction_amount).toBe(12_500);
  });

  it('a raise taken back before it applies is withdrawn (she is told her price stays); a second change goes from what she pays', async () => {
    const cami = await subscribed('Plan Básico', 'annual');
    const { headers } = await operatorSession(t.app, 'admin');
    const annualAt = (regularPrice: number) => ({
      prices: [{ frequency: 'annual', regularPrice, discountPrice: null, freeTrial: null }],
    });
    const scheduledFor = (orderId: string) =>
      t.app.db
        .select({ from: subscriptionPriceChanges.fromCentavos, to: subscriptionPriceChanges.toCentavos })
        .from(subscriptionPriceChanges)
        .where(
          and(
            eq(subscriptionPriceChanges.orderId, orderId),
            eq(subscriptionPriceChanges.status, 'scheduled'),
          ),
        );
    const change = async (price: number) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/plans/basico',
        headers,
        payload: annualAt(price),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as UpdatePlanPricesResponse;
    };

    await change(9_500_000);
    expect(await scheduledFor(cami.orderId)).toEqual([{ from: 9_000_000, to: 9_500_000 }]);
    // a second raise before the first applied: one change, from what she pays now
    await change(9_800_000);
    expect(await scheduledFor(cami.orderId)).toEqual([{ from: 9_000_000, to: 9_800_000 }]);
    const second = (await mailsTo(cami.buyer.email)).filter(
      (m) => m.subject === 'Cambia el precio de tu suscripción',
    );
    expect(second.map((m) => m.text).join('\n')).toMatch(/pasa de \$\s?90\.000,00 a \$\s?98\.000,00 por año/);

    // taken back to what she pays: nothing scheduled, she is told, and the date changes nothing
    const back = await change(9_000_000);
    expect(back.scheduled).toBe(0);
    expect(back.plan.prices.find((p) => p.frequency === 'annual')?.scheduledChanges).toBe(0);
    expect(await scheduledFor(cami.orderId)).toEqual([]);
    const told = (await mailsTo(cami.buyer.email)).find(
      (m) => m.subject === 'El precio de tu suscripción no cambia',
    );
    expect(told?.text).toMatch(/Seguís pagando \$\s?90\.000,00 por año/);
    await applyDuePriceChanges(t.app, priceChangeEffectiveOn(argentinaDate()));
    expect(preapprovalOf(cami.preapprovalId)?.auto_recurring.transaction_amount).toBe(90_000);
    const [order] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, cami.orderId));
    expect(order?.amountCentavos).toBe(9_000_000);
  });

  it('a change of trial only, or nothing, schedules nothing; bad prices are refused in Spanish', async () => {
    const { headers } = await operatorSession(t.app, 'admin');
    const trialOnly = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/oro',
      headers,
      payload: {
        prices: [
          {
            frequency: 'monthly',
            regularPrice: 2_000_000,
            discountPrice: null,
            freeTrial: { frequency: 1, frequencyType: 'months' },
          },
        ],
      },
    });
    expect(trialOnly.statusCode, trialOnly.body).toBe(200);
    expect(trialOnly.json()).toMatchObject({ scheduled: 0, effectiveOn: null });
    const again = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/oro',
      headers,
      payload: {
        prices: [
          {
            frequency: 'monthly',
            regularPrice: 2_000_000,
            discountPrice: null,
            freeTrial: { frequency: 1, frequencyType: 'months' },
          },
        ],
      },
    });
    expect(again.json().message).toBe('No había cambios para guardar.');
    const higherDiscount = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/oro',
      headers,
      payload: {
        prices: [{ frequency: 'monthly', regularPrice: 100_000, discountPrice: 200_000, freeTrial: null }],
      },
    });
    expect(higherDiscount.statusCode).toBe(400);
    expect(higherDiscount.body).toContain('El precio con descuento no puede superar al regular.');
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/oro',
      headers,
      payload: {
        prices: [{ frequency: 'weekly', regularPrice: 100_000, discountPrice: null, freeTrial: null }],
      },
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/no-existe',
      headers,
      payload: basicoMonthly(100_000),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a price list with one frequency twice is refused in Spanish: nothing saved, nobody mailed', async () => {
    const dora = await subscribed('Plan Platino', 'monthly');
    const { headers } = await operatorSession(t.app, 'admin');
    const twice = {
      prices: [
        { frequency: 'monthly', regularPrice: 3_500_000, discountPrice: null, freeTrial: null },
        { frequency: 'monthly', regularPrice: 3_000_000, discountPrice: null, freeTrial: null },
      ],
    };
    for (const url of ['/api/admin/plans/platino', '/api/admin/plans/platino/price-preview']) {
      const res = await t.app.inject({
        method: url.endsWith('preview') ? 'POST' : 'PATCH',
        url,
        headers,
        payload: twice,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        fields: [
          {
            path: 'body.prices.1.frequency',
            message: 'La frecuencia monthly está más de una vez: va una sola fila por frecuencia.',
          },
        ],
      });
    }
    const plans = (
      await t.app.inject({ method: 'GET', url: '/api/admin/plans', headers })
    ).json() as AdminPlans;
    expect(plans.items.find((p) => p.id === 'platino')?.prices).toEqual([
      expect.objectContaining({ frequency: 'monthly', regularPrice: 3_000_000, scheduledChanges: 0 }),
    ]);
    expect((await mailsTo(dora.buyer.email)).map((m) => m.subject)).not.toContain(
      'Cambia el precio de tu suscripción',
    );
    // the server refuses it too, whoever calls it past the contract
    expect(() => priceListChanges([], twice.prices)).toThrow(/monthly está más de una vez/);
  });

  it('the preview shows old and new price, from when, and how many get the notice; it writes nothing, and the save mails as many', async () => {
    await subscribed('Plan Platino', 'monthly');
    await subscribed('Plan Platino', 'monthly');
    const { headers } = await operatorSession(t.app, 'admin');
    const preview = async (
      regularPrice: number,
      freeTrial: { frequency: number; frequencyType: 'days' } | null = null,
    ) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/plans/platino/price-preview',
        headers,
        payload: { prices: [{ frequency: 'monthly', regularPrice, discountPrice: null, freeTrial }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PlanPricePreview;
    };
    const effectiveOn = priceChangeEffectiveOn(argentinaDate());
    // three monthly subscribers (Dora from the test before, and two more)
    expect(await preview(3_500_000)).toEqual({
      effectiveOn,
      notices: 3,
      changes: [
        {
          frequency: 'monthly',
          regularPrice: { from: 3_000_000, to: 3_500_000 },
          discountPrice: { from: null, to: null },
          charged: { from: 3_000_000, to: 3_500_000 },
          trialChanged: false,
          notices: 3,
          withdrawals: 0,
        },
      ],
    });
    // nothing was written: no change scheduled, no audit entry
    const scheduledRows = await t.app.db
      .select()
      .from(subscriptionPriceChanges)
      .where(eq(subscriptionPriceChanges.planId, 'platino'));
    expect(scheduledRows).toEqual([]);
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.prices.update'), eq(auditLog.targetId, 'platino')));
    expect(audited).toEqual([]);
    // unchanged prices: nothing to confirm; a trial only: nobody is told
    expect(await preview(3_000_000)).toEqual({ effectiveOn, notices: 0, changes: [] });
    expect(await preview(3_000_000, { frequency: 7, frequencyType: 'days' })).toMatchObject({
      notices: 0,
      changes: [{ frequency: 'monthly', trialChanged: true, notices: 0, withdrawals: 0 }],
    });

    // the save schedules as many as the preview counted
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/platino',
      headers,
      payload: {
        prices: [{ frequency: 'monthly', regularPrice: 3_500_000, discountPrice: null, freeTrial: null }],
      },
    });
    expect(saved.json()).toMatchObject({ scheduled: 3, effectiveOn });
    // taking the raise back: nobody gets a new price, three are told theirs stays
    expect(await preview(3_000_000)).toMatchObject({
      notices: 0,
      changes: [{ charged: { from: 3_500_000, to: 3_000_000 }, notices: 0, withdrawals: 3 }],
    });
  });
});
