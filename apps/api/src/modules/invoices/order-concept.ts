import type { paymentOrders } from '../../db/schema';

/**
 * What an order is called wherever its money shows: invoices and credit notes, receipts, mails,
 * Mi cuenta and the back office (the payments module re-exports it from her-payments.ts).
 */
type OrderConceptFacts = Pick<
  typeof paymentOrders.$inferSelect,
  'kind' | 'details' | 'itemId' | 'frequency' | 'description'
>;

const frequencyLabels: Record<string, string> = {
  monthly: 'mensual',
  quarterly: 'trimestral',
  semiannual: 'semestral',
  annual: 'anual',
};

/** What was paid, in Spanish: "Plan Esencial — anual", "Inversora Inteligente", "Membresía Oro". */
export function conceptOf(order: OrderConceptFacts): string {
  if (order.kind === 'subscription') {
    const plan = typeof order.details.planName === 'string' ? order.details.planName : order.itemId;
    const frequency = order.frequency ? (frequencyLabels[order.frequency] ?? order.frequency) : null;
    return frequency ? `${plan} — ${frequency}` : plan;
  }
  // programs and packs by their name ("Pack …" names say so), guest tiers by their title
  return order.description;
}
