import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction';
import type { OrderRow } from './orders-repository';

/**
 * What the provider will charge next on a card agreement (issue 39 point 6, decision 0280): the one
 * place that says it. Mi cuenta (Suscripción and Cobros y accesos), the back office's member page,
 * the renewal reminder mail and the price notice all read it, so they cannot disagree.
 *
 * - The date is the day the agreement's own paid (or trial) period reaches: its grant's
 *   `paidUntil` (a grace period's extension is not paid time), else the grant's end. A reactivated
 *   agreement has no grant before its first charge: its first charge is the `start_date` it was
 *   created with (`details.firstChargeOn`), or for agreements made before that was kept, the day
 *   the cancelled agreement it reactivates was paid until. Never her account's end date, which
 *   counts what she bought on top (a guest membership, a promo period).
 * - The amount is the agreement's, unless a price change is scheduled on or before that date: then
 *   the new price (as the notice mail said).
 */
export interface NextCharge {
  /** YYYY-MM-DD (Argentina date) */
  date: string;
  /** centavos */
  amountCentavos: number;
}

/** The SQL date (text YYYY-MM-DD, or null) of an agreement's next charge; `order` names payment_orders. */
export function nextChargeDateSql(order: SQL): SQL<string | null> {
  return sql<string | null>`coalesce(
    (select coalesce(e.details ->> 'paidUntil', to_char(e.ends_on, 'YYYY-MM-DD'))
       from entitlements e where e.order_id = ${order}.id order by e.id desc limit 1),
    ${order}.details ->> 'firstChargeOn',
    (select coalesce(e.details ->> 'paidUntil', to_char(e.ends_on, 'YYYY-MM-DD'))
       from entitlements e
      where ${order}.details ->> 'reactivates' is not null
        and e.order_id = (${order}.details ->> 'reactivates')::uuid
      order by e.id desc limit 1))`;
}

/**
 * The next charge of a card subscription order, or null when nothing will be charged: not active,
 * cancelled, in grace (a refused renewal is retried on the provider's own schedule), or no date known.
 */
export async function nextChargeOf(
  db: Db,
  order: Pick<OrderRow, 'id' | 'kind' | 'status' | 'cancelledAt' | 'pastDueSince' | 'amountCentavos'>,
): Promise<NextCharge | null> {
  if (order.kind !== 'subscription' || order.status !== 'active' || order.cancelledAt || order.pastDueSince)
    return null;
  const { rows } = await db.execute<{
    date: string | null;
    to_centavos: number | null;
    effective_on: string | null;
  }>(sql`
    select n.date, c.to_centavos, to_char(c.effective_on, 'YYYY-MM-DD') as effective_on
      from (select ${nextChargeDateSql(sql`o`)} as date from payment_orders o where o.id = ${order.id}) n
      left join subscription_price_changes c on c.order_id = ${order.id} and c.status = 'scheduled'`);
  const row = rows[0];
  if (!row?.date) return null;
  const date = row.date.slice(0, 10);
  const change =
    row.to_centavos !== null && row.effective_on
      ? { effectiveOn: row.effective_on, amountCentavos: Number(row.to_centavos) }
      : null;
  // a change scheduled after this charge is for the one after (its notice mail says from when)
  const applies = change !== null && change.effectiveOn <= date;
  return { date, amountCentavos: applies ? change.amountCentavos : order.amountCentavos };
}
