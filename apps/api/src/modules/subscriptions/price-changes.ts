import { priceChangeNoticeDays } from '@alcancia/contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { paymentOrders, subscriptionPriceChanges, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { escapeHtml, pesos, spanishDate } from '../../lib/spanish-format';
import { enqueueMail, type OutgoingMail } from '../../providers/mail/outbox';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const periodWords: Record<string, string> = {
  weekly: 'por semana',
  fortnightly: 'cada 15 días',
  monthly: 'por mes',
  bimonthly: 'cada 2 meses',
  quarterly: 'cada 3 meses',
  fourMonthly: 'cada 4 meses',
  semester: 'cada 6 meses',
  annual: 'por año',
};

/** The date a price change made today applies: 30 days ahead (Argentina dates). */
export function priceChangeEffectiveOn(today = argentinaDate()): string {
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + priceChangeNoticeDays);
  return at.toISOString().slice(0, 10);
}

/** A notice about her subscription's price: a greeting, its paragraphs and the link to Mi cuenta. */
function subscriptionNotice(input: {
  to: string;
  name: string;
  subject: string;
  paragraphs: string[];
  publicUrl: string;
}): OutgoingMail {
  const { subject, paragraphs } = input;
  const link = `${input.publicUrl}/mi-cuenta/suscripcion`;
  const text = [
    `Hola ${input.name}:`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Ver mi suscripción: ${link}`,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(`Hola ${input.name}:`)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">Ver mi suscripción</a></p></body></html>`;
  return { to: input.to, subject, text, html };
}

export function priceChangeMail(input: {
  to: string;
  name: string;
  planName: string;
  frequency: string;
  fromCentavos: number;
  toCentavos: number;
  effectiveOn: string;
  publicUrl: string;
}): OutgoingMail {
  const period = periodWords[input.frequency] ?? 'por período';
  return subscriptionNotice({
    ...input,
    subject: 'Cambia el precio de tu suscripción',
    paragraphs: [
      `Desde el ${spanishDate(input.effectiveOn)}, tu suscripción al ${input.planName} pasa de ${pesos(input.fromCentavos)} a ${pesos(input.toCentavos)} ${period}. Los cobros anteriores a esa fecha siguen con el precio actual.`,
      'Si no querés seguir con el nuevo precio, podés cancelar tu suscripción sin costo desde Mi cuenta antes de esa fecha.',
    ],
  });
}

/** The notice that a change she was told about will not happen: her price stays as it is. */
export function priceChangeWithdrawnMail(input: {
  to: string;
  name: string;
  planName: string;
  frequency: string;
  amountCentavos: number;
  publicUrl: string;
}): OutgoingMail {
  const period = periodWords[input.frequency] ?? 'por período';
  return subscriptionNotice({
    ...input,
    subject: 'El precio de tu suscripción no cambia',
    paragraphs: [
      `Te habíamos avisado un cambio de precio de tu suscripción al ${input.planName}: ya no se aplica. Seguís pagando ${pesos(input.amountCentavos)} ${period}, como hasta ahora.`,
    ],
  });
}

/**
 * Who a plan's new price for one frequency concerns: every active, uncancelled agreement of this
 * plan and frequency that pays the old price (a subscriber with a coupon pays her own and keeps
 * it), and every one with a change of this plan still scheduled, whatever it pays. Read by the
 * change itself and by its preview (the count the operator confirms is the one mailed).
 */
export function priceChangeAudience(
  db: Database | Tx,
  input: { planId: string; frequency: string; fromCentavos: number },
) {
  return db
    .select({
      orderId: paymentOrders.id,
      amountCentavos: paymentOrders.amountCentavos,
      email: users.email,
      name: users.name,
      payerEmail: paymentOrders.payerEmail,
    })
    .from(paymentOrders)
    .leftJoin(users, eq(users.id, paymentOrders.userId))
    .where(
      and(
        eq(paymentOrders.kind, 'subscription'),
        eq(paymentOrders.status, 'active'),
        sql`${paymentOrders.cancelledAt} is null`,
        sql`${paymentOrders.providerPreapprovalId} is not null`,
        eq(paymentOrders.itemId, input.planId),
        eq(paymentOrders.frequency, input.frequency),
        sql`(${paymentOrders.amountCentavos} = ${input.fromCentavos} or exists (
          select 1 from ${subscriptionPriceChanges} c
           where c.order_id = ${paymentOrders.id} and c.status = 'scheduled' and c.plan_id = ${input.planId}))`,
      ),
    );
}

/**
 * Schedules a plan's new price for its subscribers (inside the admin's change transaction): each
 * agreement of `priceChangeAudience` gets a change on `effectiveOn` and a notice mail now. An
 * agreement with a change of this plan still scheduled is included whatever it pays: that change
 * is superseded, and the new one goes from what she pays now; when the new price is what she pays
 * (the operator took a raise back before it applied) nothing is scheduled and she is told her price
 * stays. Returns how many changes were scheduled.
 */
export async function schedulePriceChange(
  tx: Tx,
  input: {
    planId: string;
    planName: string;
    frequency: string;
    fromCentavos: number;
    toCentavos: number;
    effectiveOn: string;
    publicUrl: string;
  },
): Promise<number> {
  const subscribers = await priceChangeAudience(tx, input);
  let scheduled = 0;
  for (const subscriber of subscribers) {
    await tx
      .update(subscriptionPriceChanges)
      .set({ status: 'superseded', updatedAt: new Date() })
      .where(
        and(
          eq(subscriptionPriceChanges.orderId, subscriber.orderId),
          eq(subscriptionPriceChanges.status, 'scheduled'),
        ),
      );
    const to = subscriber.email ?? subscriber.payerEmail;
    if (subscriber.amountCentavos === input.toCentavos) {
      await enqueueMail(
        tx,
        priceChangeWithdrawnMail({
          to,
          name: subscriber.name ?? '',
          planName: input.planName,
          frequency: input.frequency,
          amountCentavos: subscriber.amountCentavos,
          publicUrl: input.publicUrl,
        }),
      );
      continue;
    }
    await tx.insert(subscriptionPriceChanges).values({
      orderId: subscriber.orderId,
      planId: input.planId,
      frequency: input.frequency,
      fromCentavos: subscriber.amountCentavos,
      toCentavos: input.toCentavos,
      effectiveOn: input.effectiveOn,
    });
    scheduled += 1;
    await enqueueMail(
      tx,
      priceChangeMail({
        to,
        name: subscriber.name ?? '',
        planName: input.planName,
        frequency: input.frequency,
        fromCentavos: subscriber.amountCentavos,
        toCentavos: input.toCentavos,
        effectiveOn: input.effectiveOn,
        publicUrl: input.publicUrl,
      }),
    );
  }
  return scheduled;
}

export interface PriceChangeRun {
  applied: number;
  skipped: number;
  failed: number;
}

/**
 * Applies the price changes whose date came (job `subscriptions.price-changes`): each one, claimed
 * with SKIP LOCKED, changes the provider agreement's amount (the preapproval's
 * auto_recurring.transaction_amount), then the order's amount, in one transaction per change. An
 * agreement that ended meanwhile is skipped; a provider failure stays scheduled for the next run.
 */
export async function applyDuePriceChanges(
  app: FastifyInstance,
  today = argentinaDate(),
): Promise<PriceChangeRun> {
  const run: PriceChangeRun = { applied: 0, skipped: 0, failed: 0 };
  const tried = new Set<number>();
  for (;;) {
    const outcome = await app.db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`
        select c.id, c.order_id, c.to_centavos, o.status, o.cancelled_at, o.provider_preapproval_id
          from subscription_price_changes c join payment_orders o on o.id = c.order_id
         where c.status = 'scheduled' and c.effective_on <= ${today}::date
           and not (c.id = any(${sql.raw(`'{${[...tried].join(',')}}'::bigint[]`)}))
         order by c.id limit 1
         for update of c skip locked`);
      const row = rows[0] as
        | {
            id: string | number;
            order_id: string;
            to_centavos: number;
            status: string;
            cancelled_at: unknown;
            provider_preapproval_id: string | null;
          }
        | undefined;
      if (!row) return null;
      const id = Number(row.id);
      tried.add(id);
      if (row.status !== 'active' || row.cancelled_at || !row.provider_preapproval_id) {
        await tx
          .update(subscriptionPriceChanges)
          .set({ status: 'skipped', updatedAt: new Date() })
          .where(eq(subscriptionPriceChanges.id, id));
        return 'skipped' as const;
      }
      try {
        if (!app.paymentGateway) throw new Error('no payment provider configured');
        await app.paymentGateway.updateSubscriptionAmount(row.provider_preapproval_id, row.to_centavos);
      } catch (error) {
        await tx
          .update(subscriptionPriceChanges)
          .set({
            attempts: sql`${subscriptionPriceChanges.attempts} + 1`,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            updatedAt: new Date(),
          })
          .where(eq(subscriptionPriceChanges.id, id));
        app.log.warn({ err: error, priceChangeId: id }, 'price change not applied at the provider');
        return 'failed' as const;
      }
      const now = new Date();
      await tx
        .update(subscriptionPriceChanges)
        .set({ status: 'applied', appliedAt: now, updatedAt: now })
        .where(eq(subscriptionPriceChanges.id, id));
      await tx
        .update(paymentOrders)
        .set({ amountCentavos: row.to_centavos, updatedAt: now })
        .where(eq(paymentOrders.id, row.order_id));
      return 'applied' as const;
    });
    if (outcome === null) return run;
    run[outcome] += 1;
  }
}
